import { generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { open, seal } from '#server/services/secret-box.ts';

const key = () => generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;

describe('secret box (TOTP secrets at rest)', () => {
  const current = key();
  const previous = key();

  it('opens what it sealed, and the sealed text does not contain the secret', () => {
    const box = seal([current], 'JBSWY3DPEHPK3PXP');
    expect(box).not.toContain('JBSWY3DPEHPK3PXP');
    expect(open([current], box)).toEqual({ plain: 'JBSWY3DPEHPK3PXP', stale: false });
    expect(seal([current], 'JBSWY3DPEHPK3PXP')).not.toBe(box);
  });

  it('during a key rotation, opens a secret sealed under the previous key and says it is stale', () => {
    const box = seal([previous], 'JBSWY3DPEHPK3PXP');
    expect(open([current, previous], box)).toEqual({ plain: 'JBSWY3DPEHPK3PXP', stale: true });
    expect(open([current], box)).toBeUndefined();
  });

  it('refuses a tampered or malformed box', () => {
    const [version, iv, tag, sealed] = seal([current], 'JBSWY3DPEHPK3PXP').split(':');
    const flipped = Buffer.from(sealed!, 'base64');
    flipped[0] = flipped[0]! ^ 1;
    expect(open([current], [version, iv, tag, flipped.toString('base64')].join(':'))).toBeUndefined();
    expect(open([current], 'JBSWY3DPEHPK3PXP')).toBeUndefined();
  });
});
