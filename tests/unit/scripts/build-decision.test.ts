import { describe, expect, it } from 'vitest';
import { buildReason, keyFingerprint } from '../../../scripts/build-decision.mjs';

/** `npm start` rebuilds when the server's key is not the one the build embeds. */
describe('npm start: when to build', () => {
  const key = keyFingerprint('MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEA');
  const base = { force: false, builtAt: 2_000, changedAt: 1_000, builtFingerprint: key, fingerprint: key };

  it('a build newer than the sources, with the same key, is served as it is', () => {
    expect(buildReason(base)).toBeUndefined();
  });

  it('another key (DATA_DIR switched to a folder with an older key) rebuilds, even with older files', () => {
    expect(buildReason({ ...base, fingerprint: keyFingerprint('MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEB') })).toBe(
      "The server's public key differs from the one the last build embeds: building the site again…",
    );
    // A build from before the fingerprint was recorded is rebuilt once too.
    expect(buildReason({ ...base, builtFingerprint: undefined })).toMatch(/public key differs/);
  });

  it('newer sources, no build yet, and FORCE_BUILD still build', () => {
    expect(buildReason({ ...base, changedAt: 3_000 })).toBe('Sources changed since the last build: building the site…');
    expect(buildReason({ ...base, builtAt: 0 })).toBe('Building the site…');
    expect(buildReason({ ...base, force: true })).toBe('FORCE_BUILD=1: building the site…');
  });

  it('fingerprints differ per key, and no key has its own', () => {
    expect(key).toMatch(/^[0-9a-f]{64}$/);
    expect(keyFingerprint('')).toBe('none');
  });
});
