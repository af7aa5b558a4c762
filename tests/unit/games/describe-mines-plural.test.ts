// Issue 38, item 10: the mines summary says "1 safe cell", with each language's plural forms.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { describeOutcome } from '#core/games/describe.ts';
import type { GameOutcome } from '#core/games/protocol.ts';
import { interpolate } from '#core/i18n/interpolate.ts';
import { LOCALE_INTL, type Locale } from '#core/i18n/locales.ts';

function ctxFor(locale: Locale) {
  const steps = JSON.parse(readFileSync(`locales/${locale}/game_steps.json`, 'utf8')) as Record<string, string>;
  const t = (key: string, params: Record<string, string | number> = {}) => {
    const text = steps[key.replace(/^steps\./, '')];
    if (text === undefined) throw new Error(`missing ${key}`);
    return interpolate(text, params);
  };
  return { t, money: (amount: string) => amount, intl: LOCALE_INTL[locale] };
}

const mines = (count: number, revealed: number) =>
  ({ type: 'mines', mines: count, revealed: Array.from({ length: revealed }, (_, i) => i) }) as unknown as GameOutcome;

describe('the mines summary', () => {
  it.each([
    ['en', 1, 1, '1 mine and 1 safe cell revealed'],
    ['en', 3, 0, '3 mines and 0 safe cells revealed'],
    ['en', 3, 2, '3 mines and 2 safe cells revealed'],
    ['ru', 1, 1, '1 мина, открыта 1 безопасная клетка'],
    ['ru', 2, 3, '2 мины, открыто 3 безопасные клетки'],
    ['ru', 5, 11, '5 мин, открыто 11 безопасных клеток'],
    ['ru', 21, 4, '21 мина, открыто 4 безопасные клетки'],
    ['de', 1, 2, '1 Mine und 2 sichere Felder aufgedeckt'],
    ['fr', 1, 0, '1 mine et 0 case sûre révélée'], // French counts 0 in the singular
    ['hi', 1, 2, '1 माइन और 2 सुरक्षित खाने खुले'],
    ['ja', 1, 1, '地雷 1 個、安全なマス 1 個を公開'],
  ] as const)('%s: %i mines, %i revealed → %s', (locale, count, revealed, text) => {
    expect(describeOutcome(mines(count, revealed), ctxFor(locale))).toBe(text);
  });
});
