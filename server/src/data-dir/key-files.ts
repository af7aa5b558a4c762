// Shared by astro.config.mjs (which embeds the public key in the build), the start scripts and the
// server, so all agree on where the key lives. Each caller passes the variables it read (the server
// its one configuration, the build and the scripts their own environment).
import { createPublicKey } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

/** `RSA_PRIVATE_KEY_FILE`, else `<DATA_DIR>/rsa-private.pem` (DATA_DIR defaults to `.data`). */
export function privateKeyPath(env: Record<string, string | undefined>): string {
  return resolve(env.RSA_PRIVATE_KEY_FILE || join(env.DATA_DIR || '.data', 'rsa-private.pem'));
}

/**
 * The base64 SPKI public key the site encrypts with: `PUBLIC_RSA_PUBLIC_KEY` when an operator
 * deploys against their own API, else derived from our private key. Empty when neither exists.
 */
export function publicKeySpkiBase64(env: Record<string, string | undefined>): string {
  const given = env.PUBLIC_RSA_PUBLIC_KEY?.trim();
  if (given) return spkiFromPem(given);
  const path = privateKeyPath(env);
  if (!existsSync(path)) return '';
  return createPublicKey(readFileSync(path, 'utf8')).export({ type: 'spki', format: 'der' }).toString('base64');
}

/** Accepts a PEM block or bare base64 and answers bare base64 DER. */
function spkiFromPem(text: string): string {
  const body = text.replace(/-----(BEGIN|END) PUBLIC KEY-----/g, '').replace(/\s+/g, '');
  return createPublicKey({ key: Buffer.from(body, 'base64'), format: 'der', type: 'spki' })
    .export({ type: 'spki', format: 'der' })
    .toString('base64');
}
