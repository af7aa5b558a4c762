import { describe, expect, it, vi } from 'vitest';
import { pickLocalized } from '../../../src/content/pick-localized';

const entry = (id: string) => ({ id, filePath: `src/content/faq/${id}.md` });
const entries = [
  entry('en/withdrawal-time'),
  entry('en/deposit-methods'),
  entry('ja/withdrawal-time'),
  entry('ja/only-in-japanese'),
];

describe('pickLocalized', () => {
  it('uses the locale entry when it exists and the English one in place of a missing entry', () => {
    const warn = vi.fn();
    const picked = pickLocalized(entries, 'ja', warn);
    expect(picked).toEqual([
      { slug: 'withdrawal-time', entry: entry('ja/withdrawal-time'), fallback: false },
      { slug: 'deposit-methods', entry: entry('en/deposit-methods'), fallback: true },
    ]);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('src/content/faq/ja/deposit-methods.md'));
  });

  it('shows English as it is, without warnings', () => {
    const warn = vi.fn();
    expect(pickLocalized(entries, 'en', warn).every((item) => !item.fallback)).toBe(true);
    expect(warn).not.toHaveBeenCalled();
  });

  it('falls back for every entry of a locale that has no folder yet', () => {
    const warn = vi.fn();
    expect(pickLocalized(entries, 'ko', warn).map((item) => item.entry.id)).toEqual([
      'en/withdrawal-time',
      'en/deposit-methods',
    ]);
    expect(warn).toHaveBeenCalledTimes(2);
  });
});
