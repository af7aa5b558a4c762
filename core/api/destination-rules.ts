/**
 * Where a withdrawal goes, checked per method by the form and by the server with the same rules:
 * - bank transfer: an IBAN (ISO 13616) whose mod-97 check holds; stored in groups of four;
 * - card: 12 to 19 digits passing the Luhn check; only the last four are kept ("•••• 1234"),
 *   so the full card number is never stored or shown;
 * - crypto: a Bitcoin SegWit address (bech32 or bech32m, `bc1…`, checksum verified, BIP 173/350)
 *   or an Ethereum address (`0x` and 40 hex digits; the EIP-55 mixed-case checksum needs
 *   Keccak-256 and is not verified). Legacy Bitcoin base58 addresses are not accepted.
 */
import type { PaymentMethod } from './contract.ts';
import { add, hasUnsafeCharacters, type Problems } from './validation.ts';

/** The longest thing a player types: a 62-character bech32 address, or a spaced IBAN. */
export const DESTINATION_MAX_LENGTH = 64;

/** Spaces and dashes people type between digit groups. */
const compact = (value: string) => value.replace(/[\s-]+/g, '');

/** ISO 7064 mod 97-10 over the IBAN moved and turned into digits (A = 10 … Z = 35). */
export function validIban(value: string): boolean {
  const iban = compact(value).toUpperCase();
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(iban)) return false;
  let remainder = 0;
  for (const char of iban.slice(4) + iban.slice(0, 4)) {
    const digits = /\d/.test(char) ? char : String(char.charCodeAt(0) - 55);
    for (const digit of digits) remainder = (remainder * 10 + Number(digit)) % 97;
  }
  return remainder === 1;
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

const BECH32_CHARSET = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l';
const BECH32_CONSTANT = 1;
const BECH32M_CONSTANT = 0x2bc830a3;

function bech32Polymod(values: number[]): number {
  const generators = [0x3b6a57b2, 0x26508e6d, 0x1ea119fa, 0x3d4233dd, 0x2a1462b3];
  let checksum = 1;
  for (const value of values) {
    const top = checksum >>> 25;
    checksum = ((checksum & 0x1ffffff) << 5) ^ value;
    for (let bit = 0; bit < 5; bit++) if ((top >>> bit) & 1) checksum ^= generators[bit]!;
  }
  return checksum >>> 0;
}

/** A mainnet SegWit address: version 0 with bech32 (20- or 32-byte program), 1 to 16 with bech32m. */
export function validBitcoinAddress(value: string): boolean {
  if (value !== value.toLowerCase() && value !== value.toUpperCase()) return false;
  const address = value.toLowerCase();
  if (!/^bc1[qpzry9x8gf2tvdw0s3jn54khce6mua7l]{39,87}$/.test(address) || address.length > 90) return false;
  const data = [...address.slice(3)].map((char) => BECH32_CHARSET.indexOf(char));
  const hrp = [...'bc'].map((char) => char.charCodeAt(0));
  const check = bech32Polymod([...hrp.map((code) => code >> 5), 0, ...hrp.map((code) => code & 31), ...data]);
  const version = data[0]!;
  if (check !== (version === 0 ? BECH32_CONSTANT : BECH32M_CONSTANT) || version > 16) return false;
  // The witness program, regrouped from 5-bit to 8-bit without padding left over.
  const words = data.slice(1, -6);
  const bytes = Math.floor((words.length * 5) / 8);
  if ((words.length * 5) % 8 >= 5) return false;
  return version === 0 ? bytes === 20 || bytes === 32 : bytes >= 2 && bytes <= 40;
}

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

const RULES: Record<PaymentMethod, { valid: (value: string) => boolean; key: string }> = {
  bank_transfer: { valid: validIban, key: 'destination.iban_invalid' },
  card: { valid: validCardNumber, key: 'destination.card_invalid' },
  crypto: {
    valid: (value) => validBitcoinAddress(value) || validEthereumAddress(value),
    key: 'destination.crypto_invalid',
  },
};

/**
 * Checks a destination for the chosen method and answers it as stored (masked card, grouped
 * IBAN), or undefined when it is refused. Without a valid method only the text itself is checked.
 */
export function checkDestination(problems: Problems, method: unknown, value: unknown): string | undefined {
  if (value === undefined || value === null || value === '')
    return void add(problems, 'destination', { key: 'required' });
  if (typeof value !== 'string') return void add(problems, 'destination', { key: 'not_a_string' });
  if (hasUnsafeCharacters(value)) return void add(problems, 'destination', { key: 'input.unsafe_characters' });
  const destination = value.trim();
  if (!destination || [...destination].length > DESTINATION_MAX_LENGTH) {
    return void add(problems, 'destination', { key: 'destination_invalid', params: { max: DESTINATION_MAX_LENGTH } });
  }
  const rule = RULES[method as PaymentMethod];
  if (!rule || !Object.hasOwn(RULES, method as string)) return undefined;
  if (!rule.valid(destination)) return void add(problems, 'destination', { key: rule.key });
  return storedDestination(method as PaymentMethod, destination);
}
