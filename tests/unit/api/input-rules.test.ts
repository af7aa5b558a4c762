import { describe, expect, it } from 'vitest';
import {
  bitcoinAddressShape,
  checkDestination,
  plausibleIban,
  validCardNumber,
  validEthereumAddress,
} from '#core/api/destination-rules.ts';
import { validBitcoinAddress, validIban } from '#server/schemas/destination.ts';
import { checkPasswordStrength } from '#core/api/password-strength.ts';
import {
  checkRegistration,
  codePointLength,
  hasUnsafeCharacters,
  isCalendarDate,
  messageKey,
  normalizeEmail,
  singleScript,
  type Problems,
} from '#core/api/validation.ts';

describe('shared input rules (the browser refuses what the server would)', () => {
  it('normalizes emails with NFKC, then JavaScript lower case', () => {
    expect(normalizeEmail(' İnfo@Example.COM ')).toBe('i\u0307nfo@example.com');
    expect(normalizeEmail('ΣΊΣΥΦΟΣ@example.com')).toBe('σίσυφος@example.com');
    expect(normalizeEmail('ｍａｉｌ@example.com')).toBe('mail@example.com');
  });

  it.each([
    '\u0000',
    '\u0007',
    '\u001B',
    '\u007F',
    '\u0085',
    '\u200B',
    '\u200C',
    '\u200D',
    '\u200E',
    '\u202A',
    '\u202E',
    '\u2066',
    '\u2069',
    '\uFEFF',
    '\t',
    '\n',
  ])('finds U+%s unsafe', (char) => expect(hasUnsafeCharacters(`a${char}b`)).toBe(true));

  it('leaves ordinary text in any script alone', () => {
    for (const text of ['Ana O’Brien', 'राहुल', '山田 太郎', 'Ünal', '😀👍'])
      expect(hasUnsafeCharacters(text)).toBe(false);
  });

  it('counts code points', () => expect(codePointLength('😀'.repeat(31))).toBe(31));

  it.each([
    ['2026-13-01', false],
    ['2026-01-32', false],
    ['0000-01-01', false],
    ['2026-02-30', false],
    ['2026-2-3', false],
    ['2024-02-29', true],
    ['1900-02-29', false],
    ['2000-02-29', true],
    ['0001-01-01', true],
    ['9999-12-31', true],
  ])('calendar date %s is %s', (value, valid) => expect(isCalendarDate(value as string)).toBe(valid));

  it('refuses mixed-script lookalikes but allows the mixes of Japanese, Chinese and Korean writing', () => {
    expect(singleScript('demо_player')).toBe(false); // Cyrillic о
    expect(singleScript('pаypal')).toBe(false);
    expect(singleScript('αlpha')).toBe(false);
    for (const name of ['demo_player', 'иван', 'राहुल_7', '山田たろう', 'テストuser', '김철수', '王小明abc'])
      expect(singleScript(name)).toBe(true);
  });

  it('maps group keys and plain error keys to the api message set', () => {
    expect(messageKey({ key: 'required' })).toBe('errors.required');
    expect(messageKey({ key: 'password.common' })).toBe('password.common');
  });

  it('checks IBANs by mod 97, cards by Luhn, and crypto addresses by their documented form', () => {
    // The browser checks an IBAN's form and mod 97 and an address's shape; the server adds the
    // rest (server/src/schemas/destination.ts).
    expect(plausibleIban('gb82-west-1234-5698-7654-32')).toBe(true);
    expect(plausibleIban('GB82 WEST 1234 5698 7654 33')).toBe(false);
    expect(plausibleIban('GB82 WEST')).toBe(false);
    expect(bitcoinAddressShape('bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t5')).toBe(true);
    expect(bitcoinAddressShape('bc1Qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4')).toBe(false);
    expect(validIban('GB82 WEST 1234 5698 7654 32')).toBe(true);
    expect(validIban('GB82 WEST 1234 5698 7654 33')).toBe(false);
    expect(validCardNumber('4000 0566 5566 5556')).toBe(true);
    expect(validCardNumber('4000 0566 5566 5557')).toBe(false);
    expect(validBitcoinAddress('BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T4')).toBe(true);
    expect(validBitcoinAddress('bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqzk5jj0')).toBe(true);
    expect(validBitcoinAddress('bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t5')).toBe(false);
    expect(validBitcoinAddress('1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa')).toBe(false);
    expect(validEthereumAddress('0xde0b295669a9fd93d5f28d9ec85e40f4cb697bae')).toBe(true);
    expect(validEthereumAddress('0xde0b295669a9fd93d5f28d9ec85e40f4cb697ba')).toBe(false);
  });

  it('answers the stored form: a card masked, an IBAN grouped', () => {
    const problems: Problems = {};
    expect(checkDestination(problems, 'card', '4000-0566-5566-5556')).toBe('•••• 5556');
    expect(checkDestination(problems, 'bank_transfer', 'gb82west12345698765432')).toBe('GB82 WEST 1234 5698 7654 32');
    expect(problems).toEqual({});
    expect(checkDestination(problems, 'crypto', '\u202eNABI 1234')).toBeUndefined();
    expect(problems).toEqual({ destination: [{ key: 'input.unsafe_characters' }] });
  });

  it.each([
    ['password', 'password.common'],
    ['aaaaaaaa', 'password.repeat'],
    ['qwerty123', 'password.common'],
    ['        ', 'password.repeat'],
  ])('refuses the weak password %j with our own key', (password, key) => {
    const problems = checkRegistration({ email: 'weak@example.com', username: 'weak_player', password });
    checkPasswordStrength(problems, password, ['weak@example.com', 'weak_player']);
    expect(problems.password).toContainEqual({ key });
  });

  it('accepts the demo player’s password', () => {
    const problems: Problems = {};
    checkPasswordStrength(problems, 'amber-demo-2026', ['demo@amberplay.test', 'demo_player']);
    expect(problems).toEqual({});
  });
});
