// Whether `npm start` must build the site first (scripts/server.mjs). Besides file times, the build
// records the fingerprint of the public key it embeds: a server whose key differs (another
// DATA_DIR, a rotated key, an older folder) would serve a site whose every encrypted request fails
// with "The encrypted request could not be read", so a mismatch rebuilds.
import { createHash } from 'node:crypto';

/** SHA-256 of the base64 SPKI the site embeds; '' (no key) has its own fingerprint 'none'. */
export const keyFingerprint = (/** @type {string} */ spkiBase64) =>
  spkiBase64 ? createHash('sha256').update(spkiBase64).digest('hex') : 'none';

/**
 * @param {{ force: boolean, builtAt: number, changedAt: number, builtFingerprint: string | undefined, fingerprint:
 * string }} state
 * @returns {string | undefined} why a build is needed, or undefined
 */
export function buildReason({ force, builtAt, changedAt, builtFingerprint, fingerprint }) {
  if (force) return 'FORCE_BUILD=1: building the site…';
  if (!builtAt) return 'Building the site…';
  if (builtFingerprint !== fingerprint)
    return "The server's public key differs from the one the last build embeds: building the site again…";
  if (changedAt > builtAt) return 'Sources changed since the last build: building the site…';
  return undefined;
}
