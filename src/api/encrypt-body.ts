import { encryptJson } from '../../core/api/envelope';

/** Bodies this module produced, so a retry (which re-runs hooks) never encrypts twice. */
const encrypted = new WeakSet<object>();

const isPlainObject = (body: unknown): body is Record<string, unknown> | unknown[] =>
  typeof body === 'object' &&
  body !== null &&
  (Array.isArray(body) || Object.getPrototypeOf(body) === Object.prototype);

/**
 * The body to send in place of `body`: `{e_data}` for a JSON body, or the body unchanged when it
 * is not JSON (FormData, strings, blobs), was already encrypted, or cannot be encrypted. The last
 * case is logged: plaintext goes out only when encryption is impossible.
 */
export async function encryptBody(body: unknown, key: CryptoKey | undefined): Promise<unknown> {
  if (!isPlainObject(body) || encrypted.has(body)) return body;
  if (!key) {
    console.warn('[api] the encryption key is not loaded: sending the body unencrypted');
    return body;
  }
  try {
    const envelope = { e_data: await encryptJson(JSON.stringify(body), key) };
    encrypted.add(envelope);
    return envelope;
  } catch (error) {
    console.error('[api] encryption failed: sending the body unencrypted', error);
    return body;
  }
}
