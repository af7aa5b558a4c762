import { describe, expect, it } from 'vitest';
import { useTranslations, type MessageKey } from '../../../src/i18n/t';

describe('useTranslations', () => {
  it('returns the string of the requested locale', () => {
    expect(useTranslations('en')('nav.faq')).toBe('FAQ');
    expect(useTranslations('ja')('nav.faq')).not.toBe('FAQ');
  });

  it('throws on a missing key instead of rendering it raw', () => {
    expect(() => useTranslations('de')('nav.nope' as MessageKey)).toThrow(/Missing message "nav.nope" in locale "de"/);
  });
});
