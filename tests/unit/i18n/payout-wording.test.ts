import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { LOCALES } from '#core/i18n/locales.mjs';

/**
 * UKGC RTS 7: a payout at or below the stake is never shown as a win. The texts below name a
 * TOTAL of what the games paid back (the reality check's session result, the loss limit's
 * definition, the note on real-money play), which includes such payouts: none may call it
 * wins, in any language.
 */
const WIN_WORDS: Record<string, RegExp> = {
  en: /\bwins?\b|\bwon\b|winnings/i,
  ru: /выигр/i,
  de: /gewinn|gewonnen/i,
  es: /ganancia|ganad/i,
  fr: /\bgains?\b|gagné/i,
  hi: /जीत/,
  id: /menang/i,
  it: /vincit|vinto/i,
  ja: /勝利/,
  ko: /당첨/,
  pt: /ganho|ganhou/i,
  tl: /panalo/i,
  tr: /kazan/i,
  zh: /赢|奖金/,
};

const json = (locale: string, set: string) =>
  JSON.parse(readFileSync(new URL(`../../../locales/${locale}/${set}.json`, import.meta.url), 'utf8'));
/** The loss-limit and reality-check items of the responsible-gaming tools page. */
const toolsItems = (locale: string) =>
  readFileSync(new URL(`../../../src/content/responsible-gaming/${locale}/tools.md`, import.meta.url), 'utf8')
    .split('\n')
    .filter((line) => line.startsWith('- **'))
    .slice(1, 3);

describe('totals of payouts are never called wins', () => {
  it('has a pattern for every locale', () => {
    expect(Object.keys(WIN_WORDS).sort()).toEqual([...LOCALES].sort());
  });

  it.each([...LOCALES])('%s: reality check, loss-limit hint, real-money note and the tools page', (locale) => {
    const texts = [
      json(locale, 'main').reality_check.result as string,
      json(locale, 'profile').rg.loss_hint as string,
      json(locale, 'play').real_note as string,
      ...toolsItems(locale),
    ];
    expect(texts).toHaveLength(5);
    expect(texts.filter((text) => WIN_WORDS[locale]!.test(text.replace(/\{\w+\}/g, '')))).toEqual([]);
    // The session result still names all four amounts.
    expect(texts[0]!.match(/\{\w+\}/g)).toEqual(['{deposits}', '{stakes}', '{wins}', '{net}']);
  });

  it('en: the reality check says what came back, not what was won', () => {
    expect(json('en', 'main').reality_check.result).toBe(
      'This session: deposits {deposits}, stakes {stakes}, returned {wins}. Net result: {net}.',
    );
  });
});
