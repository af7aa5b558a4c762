import { importPublicKey } from '../../core/api/envelope';

let imported: Promise<CryptoKey | undefined> | undefined;

/**
 * The API's public key, embedded at build time, imported once. Undefined (and a logged reason)
 * when the build has no key or the browser has no WebCrypto (an insecure origin).
 */
export function loadPublicKey(spki: string = __RSA_PUBLIC_KEY__): Promise<CryptoKey | undefined> {
  imported ??= (async () => {
    if (!spki) {
      console.warn('[api] no public key in this build: request bodies cannot be encrypted');
      return undefined;
    }
    if (!globalThis.crypto?.subtle) {
      console.warn('[api] WebCrypto is unavailable (not a secure context): request bodies cannot be encrypted');
      return undefined;
    }
    try {
      return await importPublicKey(spki);
    } catch (error) {
      console.error('[api] the public key could not be imported', error);
      return undefined;
    }
  })();
  return imported;
}
