/**
 * RSA decryption must not run on the event loop: while the server decrypts a burst of encrypted
 * bodies, it must stay free to answer other requests. Observed, not timed: every RSA private-key
 * operation is handed to libuv's thread pool as an asynchronous crypto job (an async resource of
 * type CIPHERREQUEST, whose callback brings the result back to the loop); a synchronous
 * `privateDecrypt` on the loop creates no such job.
 */
import { createHook } from 'node:async_hooks';
import { generateKeyPairSync } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { encryptJson, importPublicKey } from '#core/api/envelope.ts';
import { decryptEnvelope } from '#server/http/request-envelope.ts';

const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });

/** Records the crypto jobs started while it is on: when each was started and when its result came back. */
function watchCryptoJobs() {
  const started = new Set<number>();
  const completed = new Set<number>();
  const hook = createHook({
    init(id, type) {
      if (type === 'CIPHERREQUEST') started.add(id);
    },
    before(id) {
      if (started.has(id)) completed.add(id);
    },
  });
  hook.enable();
  return { started, completed, stop: () => hook.disable() };
}

let watching: ReturnType<typeof watchCryptoJobs> | undefined;
afterEach(() => watching?.stop());

describe('decryptEnvelope', () => {
  it('hands every RSA decryption to the thread pool, with the result delivered back to the event loop', async () => {
    const key = await importPublicKey(publicKey.export({ type: 'spki', format: 'der' }).toString('base64'));
    // Small bodies (one RSA block) and large ones (the hybrid envelope: RSA-wrapped AES key).
    const bodies = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        encryptJson(JSON.stringify({ amount: `${i}.00`, note: i % 2 ? 'x'.repeat(400) : '' }), key),
      ),
    );
    await decryptEnvelope(bodies[0]!, [privateKey]); // import the key before watching

    watching = watchCryptoJobs();
    const plain = await Promise.all(bodies.map((body) => decryptEnvelope(body, [privateKey])));
    watching.stop();

    expect(plain.map((text) => JSON.parse(text).amount)).toEqual(bodies.map((_, i) => `${i}.00`));
    // One job on the thread pool per decryption, each completed through its callback on the loop.
    expect(watching.started.size).toBe(bodies.length);
    expect([...watching.completed].sort()).toEqual([...watching.started].sort());
  });
});
