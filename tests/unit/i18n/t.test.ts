import { describe, expect, it } from 'vitest';
import { useTranslations, type MessageKey } from '../../../src/i18n/t';

describe('useTranslations', () => {
  it('returns the string of the requested locale and message set', () => {
    expect(useTranslations('en')('nav.faq')).toBe('FAQ');
    expect(useTranslations('ja')('nav.faq')).not.toBe('FAQ');
    expect(useTranslations('en', 'loyal')('levels.gold')).toBe('Gold');
  });

  it('throws on a missing key instead of rendering it raw', () => {
    expect(() => useTranslations('de')('nav.nope' as MessageKey)).toThrow(
      /Missing message "main:nav.nope" in locale "de"/,
    );
  });

  it('interpolates parameters and leaves unknown placeholders visible', () => {
    const t = useTranslations('en', 'loyal');
    expect(t('progress', { points: '10', target: '20', level: 'Gold' })).toBe('10 of 20 to reach Gold');
    expect(t('progress', { points: '10' })).toBe('10 of {target} to reach {level}');
  });
});

describe('plural', () => {
  it('chooses the English form and formats the count', () => {
    const t = useTranslations('en', 'loyal');
    expect(t.plural('points', 1)).toBe('1 point');
    expect(t.plural('points', 5000)).toBe('5,000 points');
  });

  it('chooses among the Russian one, few and many forms', () => {
    const t = useTranslations('ru', 'loyal');
    const [one, few, many] = [t.plural('points', 1), t.plural('points', 3), t.plural('points', 5)];
    expect(new Set([one, few, many].map((text) => text.replace(/\d/g, ''))).size).toBe(3);
    expect(t.plural('points', 21).replace(/\d/g, '')).toBe(one.replace(/\d/g, ''));
    expect(t.plural('points', 1000)).toMatch(/^1\s000/);
  });

  it('uses the only form of languages without plural forms', () => {
    const t = useTranslations('ja', 'loyal');
    expect(t.plural('points', 1).replace('1', '')).toBe(t.plural('points', 2).replace('2', ''));
  });
});
