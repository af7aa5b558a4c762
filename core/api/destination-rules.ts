/**
 * Where a withdrawal goes, checked per method by the form and by the server:
 * - bank transfer: an IBAN (ISO 13616) of the country's length and BBAN format whose mod-97 check
 *   holds; stored in groups of four;
 * - card: 12 to 19 digits passing the Luhn check; only the last four are kept ("•••• 1234"),
 *   so the full card number is never stored or shown;
 * - crypto: a Bitcoin SegWit address (bech32 or bech32m, `bc1…`, checksum verified, BIP 173/350)
 *   or an Ethereum address (`0x` and 40 hex digits; the EIP-55 mixed-case checksum needs
 *   Keccak-256 and is not verified). Legacy Bitcoin base58 addresses are not accepted.
 * The browser runs a lighter check; the server adds the rest (see DESTINATION_SHAPES).
 */
import type { PaymentMethod } from './contract.ts';
import { add, hasUnsafeCharacters, type Problems } from './validation.ts';

/** The longest thing a player types: a 62-character bech32 address, or a spaced IBAN. */
export const DESTINATION_MAX_LENGTH = 64;

/** Spaces and dashes people type between digit groups. */
export const compact = (value: string) => value.replace(/[\s-]+/g, '');

/**
 * The browser's IBAN check: a country, two check digits and 11 to 30 letters or digits (once
 * spaces and dashes are gone and letters are upper case) whose ISO 7064 mod 97-10 check holds, so
 * a typo is caught before sending. The country's own length and BBAN format are checked by the
 * server (`server/src/schemas/destination.ts`, ibantools), whose answer shows under the field.
 */
export function plausibleIban(value: string): boolean {
  const iban = compact(value).toUpperCase();
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(iban)) return false;
  // Letters become numbers, A = 10 … Z = 35: their value in base 36.
  const digits = (iban.slice(4) + iban.slice(0, 4)).replace(/[A-Z]/g, (letter) => `${parseInt(letter, 36)}`);
  return BigInt(digits) % 97n === 1n;
}

export function validCardNumber(value: string): boolean {
  const digits = compact(value);
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let index = 0; index < digits.length; index++) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) digit = digit * 2 > 9 ? digit * 2 - 9 : digit * 2;
    sum += digit;
  }
  return sum % 10 === 0;
}

/**
 * The shape of a Bitcoin SegWit address: `bc1`, then 39 to 87 characters of the bech32 alphabet,
 * all in one case. The checksum (bech32 or bech32m by version) and the program length are checked
 * by the server with @scure/base.
 */
export const bitcoinAddressShape = (value: string): boolean =>
  (value === value.toLowerCase() || value === value.toUpperCase()) &&
  // The bech32 alphabet: digits and lower-case letters but 1, b, i and o.
  /^bc1[02-9ac-hj-np-z]{39,87}$/.test(value.toLowerCase());

export const validEthereumAddress = (value: string): boolean => /^0x[0-9a-fA-F]{40}$/.test(value);

/** The form a destination is stored and shown in. */
export function storedDestination(method: PaymentMethod, value: string): string {
  if (method === 'card') return `•••• ${compact(value).slice(-4)}`;
  if (method === 'bank_transfer')
    return compact(value)
      .toUpperCase()
      .replace(/(.{4})(?=.)/g, '$1 ');
  return value;
}

/** How one method's destination is checked, and the message key of a refusal. */
export interface DestinationRule {
  valid: (value: string) => boolean;
  key: string;
}
export type DestinationRules = Record<PaymentMethod, DestinationRule>;

/**
 * The rules the browser runs: the card's Luhn check, an IBAN's form and mod-97 check, and the
 * shape of an address. The full checks (an IBAN's length and BBAN format per country, bech32 and
 * bech32m checksums) would add about 6.4 KB gzip (ibantools 3.8 KB, @scure/base 2.6 KB) to a
 * withdrawal page already at its 95 KB budget, so only the server runs them (`DESTINATION_RULES`
 * in `server/src/schemas/destination.ts`), with the same message keys.
 */
export const DESTINATION_SHAPES: DestinationRules = {
  bank_transfer: { valid: plausibleIban, key: 'destination.iban_invalid' },
  card: { valid: validCardNumber, key: 'destination.card_invalid' },
  crypto: {
    valid: (value) => bitcoinAddressShape(value) || validEthereumAddress(value),
    key: 'destination.crypto_invalid',
  },
};

/**
 * Checks a destination for the chosen method and answers it as stored (masked card, grouped
 * IBAN), or undefined when it is refused. Without a valid method only the text itself is checked.
 */
export function checkDestination(
  problems: Problems,
  method: unknown,
  value: unknown,
  rules: DestinationRules = DESTINATION_SHAPES,
): string | undefined {
  if (value === undefined || value === null || value === '')
    return void add(problems, 'destination', { key: 'required' });
  if (typeof value !== 'string') return void add(problems, 'destination', { key: 'not_a_string' });
  if (hasUnsafeCharacters(value)) return void add(problems, 'destination', { key: 'input.unsafe_characters' });
  const destination = value.trim();
  if (!destination || [...destination].length > DESTINATION_MAX_LENGTH) {
    return void add(problems, 'destination', { key: 'destination_invalid', params: { max: DESTINATION_MAX_LENGTH } });
  }
  const rule = rules[method as PaymentMethod];
  if (!rule || !Object.hasOwn(rules, method as string)) return undefined;
  if (!rule.valid(destination)) return void add(problems, 'destination', { key: rule.key });
  return storedDestination(method as PaymentMethod, destination);
}
