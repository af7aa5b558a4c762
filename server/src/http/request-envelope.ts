import { createDecipheriv, webcrypto, type KeyObject } from 'node:crypto';
import { ENVELOPE_VERSION, IV_BYTES, RSA_BLOCK_BYTES } from '#core/api/envelope.ts';

const GCM_TAG_BYTES = 16;
const AES_KEY_BYTES = 32;
const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

/** The e_data could not be turned back into text; the caller answers 400. */
export class EnvelopeError extends Error {}

const cryptoKeys = new WeakMap<KeyObject, Promise<webcrypto.CryptoKey>>();

/** The WebCrypto handle of a private key, made once per key. */
function oaepKey(key: KeyObject): Promise<webcrypto.CryptoKey> {
  let cryptoKey = cryptoKeys.get(key);
  if (!cryptoKey) {
    cryptoKey = webcrypto.subtle.importKey(
      'pkcs8',
      key.export({ type: 'pkcs8', format: 'der' }),
      { name: 'RSA-OAEP', hash: 'SHA-256' },
      false,
      ['decrypt'],
    );
    cryptoKeys.set(key, cryptoKey);
  }
  return cryptoKey;
}

/**
 * RSA-OAEP with SHA-256 (as browsers make it) through WebCrypto, whose private-key operation runs
 * on libuv's thread pool: about 1 ms of CPU per request that no longer blocks the event loop.
 */
async function rsaDecrypt(block: Buffer, keys: KeyObject[]): Promise<Buffer> {
  for (const key of keys) {
    try {
      return Buffer.from(
        await webcrypto.subtle.decrypt({ name: 'RSA-OAEP' }, await oaepKey(key), new Uint8Array(block)),
      );
    } catch {
      // Try the next key: during a rotation the previous one may still be in use.
    }
  }
  throw new EnvelopeError('RSA-OAEP decryption failed');
}

/**
 * Decrypts an `e_data` value made by `core/api/envelope.ts`: a 256-byte RSA-OAEP block, or the
 * versioned hybrid envelope for larger bodies. Answers the UTF-8 plaintext.
 */
export async function decryptEnvelope(eData: string, keys: KeyObject[]): Promise<string> {
  if (!BASE64.test(eData)) throw new EnvelopeError('e_data is not base64');
  const bytes = Buffer.from(eData, 'base64');
  if (bytes.length === RSA_BLOCK_BYTES) return utf8(await rsaDecrypt(bytes, keys));
  if (bytes.length < 1 + RSA_BLOCK_BYTES + IV_BYTES + GCM_TAG_BYTES || bytes[0] !== ENVELOPE_VERSION) {
    throw new EnvelopeError('unknown envelope');
  }
  const aesKey = await rsaDecrypt(bytes.subarray(1, 1 + RSA_BLOCK_BYTES), keys);
  if (aesKey.length !== AES_KEY_BYTES) throw new EnvelopeError('wrapped key has the wrong size');
  const iv = bytes.subarray(1 + RSA_BLOCK_BYTES, 1 + RSA_BLOCK_BYTES + IV_BYTES);
  const sealed = bytes.subarray(1 + RSA_BLOCK_BYTES + IV_BYTES);
  try {
    const decipher = createDecipheriv('aes-256-gcm', aesKey, iv);
    decipher.setAAD(bytes.subarray(0, 1));
    decipher.setAuthTag(sealed.subarray(sealed.length - GCM_TAG_BYTES));
    return utf8(Buffer.concat([decipher.update(sealed.subarray(0, sealed.length - GCM_TAG_BYTES)), decipher.final()]));
  } catch {
    throw new EnvelopeError('AES-GCM authentication failed');
  }
}

function utf8(bytes: Buffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new EnvelopeError('plaintext is not UTF-8');
  }
}
