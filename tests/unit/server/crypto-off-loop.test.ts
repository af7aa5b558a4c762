/**
 * RSA decryption must not run on the event loop: while the server decrypts
 * a burst of encrypted bodies, it must stay free to answer other requests.
 */
import { generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { encryptJson, importPublicKey } from '#core/api/envelope.ts';
import { decryptEnvelope } from '#server/http/request-envelope.ts';

const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });

describe('decryptEnvelope', () => {
  it('hands the RSA work to the thread pool: starting 60 decryptions takes a fraction of finishing them', async () => {
    const key = await importPublicKey(publicKey.export({ type: 'spki', format: 'der' }).toString('base64'));
    const bodies = await Promise.all(
      Array.from({ length: 60 }, (_, i) => encryptJson(JSON.stringify({ amount: `${i}.00` }), key)),
    );
    await decryptEnvelope(bodies[0]!, [privateKey]); // warm the imported key

    const started = performance.now();
    const pending = bodies.map((body) => decryptEnvelope(body, [privateKey]));
    const blocked = performance.now() - started;
    const plain = await Promise.all(pending);
    const total = performance.now() - started;

    expect(plain.map((text) => JSON.parse(text).amount)).toEqual(bodies.map((_, i) => `${i}.00`));
    // Synchronous decryption blocks for the whole burst (blocked ≈ total).
    expect(blocked).toBeLessThan(total / 3);
  });
});
