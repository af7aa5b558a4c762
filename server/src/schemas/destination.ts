/**
 * The full destination rules the server runs: the browser's shapes (`core/api/destination-rules.ts`)
 * plus the checks too heavy for the withdrawal page's budget. IBANs are checked per country with
 * ibantools (the country's length and BBAN format, the mod-97 checksum), Bitcoin SegWit addresses
 * with @scure/base (bech32 for version 0 and bech32m for 1 to 16, BIP 173/350: checksum, the `bc`
 * prefix, one case, the witness program's length).
 */
import { bech32, bech32m } from '@scure/base';
import { isValidIBAN } from 'ibantools';
import {
  DESTINATION_SHAPES,
  bitcoinAddressShape,
  checkDestination,
  compact,
  plausibleIban,
  validEthereumAddress,
  type DestinationRules,
} from '#core/api/destination-rules.ts';
import type { Problems } from '#core/api/validation.ts';

/** An IBAN as typed (spaces, dashes and lower case allowed, as the form's rule does) valid for its country. */
export const validIban = (value: string): boolean =>
  plausibleIban(value) && isValidIBAN(compact(value).toUpperCase(), { allowQRIBAN: true });

/** The longest bech32 string BIP 173 allows. */
const BECH32_MAX_LENGTH = 90;

/** A mainnet SegWit address: version 0 with bech32 (a 20- or 32-byte program), 1 to 16 with bech32m (2 to 40 bytes). */
export function validBitcoinAddress(value: string): boolean {
  if (!bitcoinAddressShape(value)) return false;
  // The version is the first data character: "q" is 0, which BIP 350 keeps on bech32.
  const codec = value[3]?.toLowerCase() === 'q' ? bech32 : bech32m;
  const decoded = codec.decodeUnsafe(value, BECH32_MAX_LENGTH);
  if (!decoded || decoded.prefix !== 'bc') return false;
  const [version, ...words] = decoded.words;
  if (version === undefined || version > 16) return false;
  const program = codec.fromWordsUnsafe(words);
  if (!program) return false;
  return version === 0 ? program.length === 20 || program.length === 32 : program.length >= 2 && program.length <= 40;
}

/** The server's rules: the same message keys as the browser's, with the checksums. */
export const DESTINATION_RULES: DestinationRules = {
  ...DESTINATION_SHAPES,
  bank_transfer: { valid: validIban, key: 'destination.iban_invalid' },
  crypto: {
    valid: (value) => validBitcoinAddress(value) || validEthereumAddress(value),
    key: 'destination.crypto_invalid',
  },
};

/** `checkDestination` with the server's full rules: the stored form, or undefined with the problem added. */
export const checkFullDestination = (problems: Problems, method: unknown, value: unknown): string | undefined =>
  checkDestination(problems, method, value, DESTINATION_RULES);
