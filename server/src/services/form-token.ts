import { createHash, createHmac, timingSafeEqual, type KeyObject } from 'node:crypto';

/**
 * Tokens for the demo payment page's forms, so another site cannot post them. A token is the HMAC
 * of the payment id with a secret derived from the API's private key: every node that can decrypt
 * requests has the same key, so any node accepts a token another node printed, and nothing new has
 * to be stored or shared.
 */
export function formTokenSecret(privateKey: KeyObject): Buffer {
  return createHash('sha256')
    .update('amberplay demo-pay form token v1\0')
    .update(privateKey.export({ type: 'pkcs8', format: 'der' }))
    .digest();
}

export const formToken = (secret: Buffer, paymentId: string): string =>
  createHmac('sha256', secret).update(paymentId).digest('base64url');

export function validFormToken(secret: Buffer, paymentId: string, token: unknown): boolean {
  if (typeof token !== 'string') return false;
  const expected = Buffer.from(formToken(secret, paymentId));
  const given = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
