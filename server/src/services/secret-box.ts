import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes, type KeyObject } from 'node:crypto';

/**
 * Small secrets at rest (the TOTP secrets, game providers' wallet API secrets) are sealed with
 * AES-256-GCM under a key derived from the server's RSA private key, so a copy of the database
 * alone does not reveal them. During an RSA key rotation (RSA_PREVIOUS_PRIVATE_KEY_FILE), a secret
 * sealed under the previous key still opens, and `open` says so, so the caller can seal it again under the current one.
 */
const keyOf = (privateKey: KeyObject) =>
  Buffer.from(
    hkdfSync(
      'sha256',
      createHash('sha256')
        .update(privateKey.export({ type: 'pkcs8', format: 'der' }))
        .digest(),
      Buffer.alloc(0),
      'amberplay two-factor secret',
      32,
    ),
  );

export function seal(privateKeys: KeyObject[], plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(privateKeys[0]!), iv);
  const sealed = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return ['v1', iv.toString('base64'), cipher.getAuthTag().toString('base64'), sealed.toString('base64')].join(':');
}

/** The plain text and whether it was sealed under an older key; undefined if no key opens it. */
export function open(privateKeys: KeyObject[], box: string): { plain: string; stale: boolean } | undefined {
  const [version, iv, tag, sealed] = box.split(':');
  if (version !== 'v1' || !iv || !tag || !sealed) return undefined;
  for (const [index, privateKey] of privateKeys.entries()) {
    try {
      const decipher = createDecipheriv('aes-256-gcm', keyOf(privateKey), Buffer.from(iv, 'base64'));
      decipher.setAuthTag(Buffer.from(tag, 'base64'));
      const plain = Buffer.concat([decipher.update(Buffer.from(sealed, 'base64')), decipher.final()]).toString('utf8');
      return { plain, stale: index > 0 };
    } catch {
      // Sealed under another key: try the next.
    }
  }
  return undefined;
}
