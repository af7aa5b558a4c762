import { constants, createDecipheriv, privateDecrypt, type KeyObject } from 'node:crypto';
import { ENVELOPE_VERSION, IV_BYTES, RSA_BLOCK_BYTES } from '../../src/api/envelope.ts';

const GCM_TAG_BYTES = 16;
const AES_KEY_BYTES = 32;
const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

/** The e_data could not be turned back into text; the caller answers 400. */
export class EnvelopeError extends Error {}

function rsaDecrypt(block: Buffer, keys: KeyObject[]): Buffer {
  for (const key of keys) {
    try {
      // Without oaepHash Node assumes SHA-1 and every browser-made block fails.
      return privateDecrypt({ key, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' }, block);
    } catch {
      // Try the next key: during a rotation the previous one may still be in use.
    }
  }
  throw new EnvelopeError('RSA-OAEP decryption failed');
}

/**
 * Decrypts an `e_data` value made by `src/api/envelope.ts`: a 256-byte RSA-OAEP block, or the
 * versioned hybrid envelope for larger bodies. Answers the UTF-8 plaintext.
 */
export function decryptEnvelope(eData: string, keys: KeyObject[]): string {
  if (!BASE64.test(eData)) throw new EnvelopeError('e_data is not base64');
  const bytes = Buffer.from(eData, 'base64');
  if (bytes.length === RSA_BLOCK_BYTES) return utf8(rsaDecrypt(bytes, keys));
  if (bytes.length < 1 + RSA_BLOCK_BYTES + IV_BYTES + GCM_TAG_BYTES || bytes[0] !== ENVELOPE_VERSION) {
    throw new EnvelopeError('unknown envelope');
  }
  const aesKey = rsaDecrypt(bytes.subarray(1, 1 + RSA_BLOCK_BYTES), keys);
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
