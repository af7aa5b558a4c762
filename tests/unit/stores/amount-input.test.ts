import { describe, expect, it } from 'vitest';
import { normaliseAmount } from '#core/api/money.ts';
import { amountForInput, decimalSeparator } from '../../../src/stores/amount-input';

describe("amounts in the player's language", () => {
  it('reads a decimal comma, German thousands dots and spaces, and leaves a dot as it is', () => {
    expect(normaliseAmount('500,00')).toBe('500.00');
    expect(normaliseAmount(' 25,5 ')).toBe('25.5');
    expect(normaliseAmount('1.000,50')).toBe('1000.50');
    expect(normaliseAmount('1 000,50')).toBe('1000.50');
    expect(normaliseAmount('12.50')).toBe('12.50');
    // Ambiguous or malformed input is passed on unchanged, for the amount rule to refuse.
    expect(normaliseAmount('1,000.50')).toBe('1,000.50');
    expect(normaliseAmount('12,505')).toBe('12,505');
  });

  it("shows an API amount with the locale's separator", () => {
    expect(['de', 'fr', 'es', 'it', 'pt', 'ru', 'tr', 'id'].map((locale) => decimalSeparator(locale as never))).toEqual(
      Array(8).fill(','),
    );
    expect(['en', 'ja', 'ko', 'zh', 'hi', 'tl'].map((locale) => decimalSeparator(locale as never))).toEqual(
      Array(6).fill('.'),
    );
    expect(amountForInput('500.00', 'de')).toBe('500,00');
    expect(amountForInput('500.00', 'ja')).toBe('500.00');
    expect(amountForInput('', 'de')).toBe('');
  });
});
