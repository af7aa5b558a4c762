import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Services } from '../../app-env.ts';
import { addressAllowed, allowList } from '../../http/address-allow-list.ts';
import { providerKeys } from './providers.ts';
import { WalletRefusal } from './refusal.ts';

const SIGNATURE = /^[A-Za-z0-9+/]{43}=$/;

export interface SignedRequest {
  providerId: string | undefined;
  signature: string | undefined;
  /** The body's bytes exactly as they arrived: the HMAC covers them, not a re-serialised object. */
  body: Uint8Array;
  /** The client's address by the rate limits' rule (TRUST_PROXY); undefined for in-process requests. */
  ip: string | undefined;
}

/**
 * Checks `X-Signature: base64(HMAC-SHA256(secret, raw body))` against each active secret of
 * `X-Provider-Id` (two during a rotation), in constant time, and the provider's allowed addresses.
 * Nothing of the body is parsed before this passes. Answers the provider's id.
 */
export async function verifyProviderSignature(services: Services, request: SignedRequest): Promise<string> {
  const refuse = () => new WalletRefusal('bad_signature', 'The request is not signed by a known provider.');
  const { providerId, signature } = request;
  if (!providerId || !signature || !SIGNATURE.test(signature)) throw refuse();
  const keys = await providerKeys(services, providerId);
  if (!keys) throw refuse();
  const given = Buffer.from(signature, 'base64');
  // Every secret is checked, so the time taken does not tell which one matched.
  let matched = false;
  for (const secret of keys.secrets) {
    const expected = createHmac('sha256', secret).update(request.body).digest();
    if (timingSafeEqual(expected, given)) matched = true;
  }
  if (!matched) throw refuse();
  if (!addressAllowed(allowList(keys.allowedAddresses), request.ip)) throw refuse();
  return providerId;
}
