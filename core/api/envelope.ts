/**
 * The request encryption envelope, browser side (WebCrypto; Node's global `crypto` works too).
 * A UTF-8 JSON body of at most 190 bytes becomes one RSA-OAEP (SHA-256, 2048-bit) block: the
 * original format. A larger body becomes the versioned hybrid envelope:
 *
 *   version (1 byte = 1) | RSA-OAEP(AES key) (256 bytes) | IV (12 bytes) | AES-256-GCM ciphertext + tag
 *
 * with the version byte as GCM additional data. The server tells the two apart by length:
 * exactly 256 decoded bytes is a single block.
 */
export const RSA_BLOCK_BYTES = 256;
/** 256 − 2 × 32 (SHA-256) − 2: the most OAEP can carry in one 2048-bit block. */
export const RSA_MAX_PLAINTEXT_BYTES = 190;
export const ENVELOPE_VERSION = 1;
export const IV_BYTES = 12;

export const base64ToBytes = (text: string) => Uint8Array.from(atob(text), (char) => char.charCodeAt(0));

export function bytesToBase64(bytes: Uint8Array): string {
  let binary = '';
  // Chunks keep String.fromCharCode's argument list short for 64 KB bodies.
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

/** Imports the build-embedded base64 SPKI key for RSA-OAEP SHA-256 encryption. */
export function importPublicKey(
  spkiBase64: string,
  subtle: SubtleCrypto = globalThis.crypto.subtle,
): Promise<CryptoKey> {
  return subtle.importKey('spki', base64ToBytes(spkiBase64), { name: 'RSA-OAEP', hash: 'SHA-256' }, false, ['encrypt']);
}

/** Encrypts a JSON text and answers the `e_data` value. */
export async function encryptJson(
  json: string,
  key: CryptoKey,
  subtle: SubtleCrypto = globalThis.crypto.subtle,
): Promise<string> {
  const plaintext = new TextEncoder().encode(json);
  if (plaintext.length <= RSA_MAX_PLAINTEXT_BYTES) {
    return bytesToBase64(new Uint8Array(await subtle.encrypt({ name: 'RSA-OAEP' }, key, plaintext)));
  }
  const aesKey = await subtle.generateKey({ name: 'AES-GCM', length: 256 }, true, ['encrypt']);
  const iv = globalThis.crypto.getRandomValues(new Uint8Array(IV_BYTES));
  const version = new Uint8Array([ENVELOPE_VERSION]);
  const [wrappedKey, ciphertext] = await Promise.all([
    subtle.exportKey('raw', aesKey).then((raw) => subtle.encrypt({ name: 'RSA-OAEP' }, key, raw)),
    subtle.encrypt({ name: 'AES-GCM', iv, additionalData: version }, aesKey, plaintext),
  ]);
  const envelope = new Uint8Array(1 + RSA_BLOCK_BYTES + IV_BYTES + ciphertext.byteLength);
  envelope.set(version, 0);
  envelope.set(new Uint8Array(wrappedKey), 1);
  envelope.set(iv, 1 + RSA_BLOCK_BYTES);
  envelope.set(new Uint8Array(ciphertext), 1 + RSA_BLOCK_BYTES + IV_BYTES);
  return bytesToBase64(envelope);
}
