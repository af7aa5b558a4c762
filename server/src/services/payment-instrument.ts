import { createHash, createHmac, type KeyObject } from 'node:crypto';

/**
 * A deposit's payment instrument as the server keeps it: a keyed hash (HMAC-SHA256) of the card
 * number or the IBAN, normalized, never the number itself. The same instrument on two accounts
 * gives the same hash (link.shared_payment_instrument, docs/risk.md); without the key, the hash
 * cannot be tested against guessed card numbers.
 */

/** The key, derived from the server's signing key (rotating that key starts new hashes). */
export function instrumentKey(privateKey: KeyObject): Buffer {
  return createHash('sha256')
    .update('amberplay payment instrument v1\0')
    .update(privateKey.export({ type: 'pkcs8', format: 'der' }))
    .digest();
}

const CARD = /^\d{12,19}$/;
const IBAN = /^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/;

/**
 * The instrument a deposit method names, normalized (a card's digits; an IBAN in capitals without
 * spaces): undefined when none was given or the method has none, `invalid` when it is not one.
 */
export function normalizedInstrument(method: string, raw: string | undefined): string | undefined | 'invalid' {
  const value = (raw ?? '').replace(/[\s-]/g, '');
  if (value === '' || (method !== 'card' && method !== 'bank_transfer')) return undefined;
  if (method === 'card') return CARD.test(value) ? `card:${value}` : 'invalid';
  const iban = value.toUpperCase();
  return IBAN.test(iban) ? `iban:${iban}` : 'invalid';
}

/** The keyed hash the payment keeps (hex). */
export const instrumentHash = (key: Buffer, normalized: string) =>
  createHmac('sha256', key).update(normalized).digest('hex');
