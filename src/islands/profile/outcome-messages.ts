// Build time only (Astro frontmatter): the game messages that describe a recorded outcome
// (core/games/describe.ts), cut from games.json and game_steps.json, for the round page.
import type { Locale } from '#core/i18n/locales.ts';

const sets = import.meta.glob<Record<string, Record<string, unknown>>>('../../../locales/*/game{s,_steps}.json', {
  eager: true,
  import: 'default',
});

export type OutcomeMessages = Record<string, unknown>;

export function outcomeMessages(locale: Locale): OutcomeMessages {
  const games = sets[`../../../locales/${locale}/games.json`]!;
  const steps = sets[`../../../locales/${locale}/game_steps.json`]!;
  const pick = <T extends Record<string, unknown>>(set: T, keys: string[]) =>
    Object.fromEntries(keys.map((key) => [key, set[key]]));
  const roulette = games.roulette as Record<string, unknown>;
  const baccarat = games.baccarat as Record<string, unknown>;
  const slot = games.slot as Record<string, unknown>;
  return {
    dice: pick(games.dice as Record<string, unknown>, ['result']),
    roulette: pick(roulette, ['result', 'colours']),
    baccarat: pick(baccarat, ['result', 'winner']),
    limbo: pick(games.limbo as Record<string, unknown>, ['result']),
    keno: pick(games.keno as Record<string, unknown>, ['result']),
    slot: pick(slot, ['line', 'symbols', 'no_lines']),
    // The mines summary's counts take plural forms (`mines_count_one`, …), whichever the locale has.
    steps: pick(
      steps,
      Object.keys(steps).filter((key) => /^(summary_|mines_count_|safe_revealed_)/.test(key)),
    ),
  };
}
