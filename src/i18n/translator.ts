import { interpolate } from '../../core/i18n/interpolate';
import { LOCALE_INTL, type Locale } from '../../core/i18n/locales.ts';
import type main from '../../locales/en/main.json';
import type faq from '../../locales/en/faq.json';
import type responsible_gaming from '../../locales/en/responsible_gaming.json';
import type affiliate from '../../locales/en/affiliate.json';
import type loyal from '../../locales/en/loyal.json';
import type api from '../../locales/en/api.json';
import type auth from '../../locales/en/auth.json';
import type profile from '../../locales/en/profile.json';
import type account from '../../locales/en/account.json';
import type lobby from '../../locales/en/lobby.json';
import type play from '../../locales/en/play.json';
import type games from '../../locales/en/games.json';
import type game_rules from '../../locales/en/game_rules.json';
import type game_steps from '../../locales/en/game_steps.json';
import type game_lobby from '../../locales/en/game_lobby.json';
import type game_play from '../../locales/en/game_play.json';
import type game_verify from '../../locales/en/game_verify.json';

/** The message sets; English defines the keys every other locale must have. */
export interface Namespaces {
  main: typeof main;
  faq: typeof faq;
  responsible_gaming: typeof responsible_gaming;
  affiliate: typeof affiliate;
  loyal: typeof loyal;
  api: typeof api;
  auth: typeof auth;
  profile: typeof profile;
  account: typeof account;
  lobby: typeof lobby;
  play: typeof play;
  games: typeof games;
  game_rules: typeof game_rules;
  game_steps: typeof game_steps;
  game_lobby: typeof game_lobby;
  game_play: typeof game_play;
  game_verify: typeof game_verify;
}
export type Namespace = keyof Namespaces;

/** Dotted paths to every string leaf of a message set, e.g. `pages.faq.title`. */
type Leaves<T, P extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${P}${K}` : Leaves<T[K], `${P}${K}.`>;
}[keyof T & string];

export type MessageKey<N extends Namespace = 'main'> = Leaves<Namespaces[N]>;

/** Keys stored as `<base>_one`, `<base>_other`, … : pass `<base>` to `plural()`. */
export type PluralBase<K extends string> = K extends `${infer Base}_other` ? Base : never;

function lookup(messages: unknown, key: string): string | undefined {
  let node = messages;
  for (const part of key.split('.')) {
    if (typeof node !== 'object' || node === null) return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === 'string' ? node : undefined;
}

/**
 * A translator over one loaded message set. A missing key throws, so a page can never ship a
 * raw key or silently fall back to English; `npm run i18n:check` proves every locale has every key.
 * Pure, so the browser can use it with message sets it loads on demand.
 */
export function createTranslator<N extends Namespace>(messages: unknown, locale: Locale, namespace: N) {
  const get = (key: string) => {
    const value = lookup(messages, key);
    if (value === undefined) throw new Error(`Missing message "${namespace}:${key}" in locale "${locale}"`);
    return value;
  };
  const pluralRules = new Intl.PluralRules(LOCALE_INTL[locale]);
  const numbers = new Intl.NumberFormat(LOCALE_INTL[locale]);

  function t(key: MessageKey<N>, params: Record<string, string | number> = {}): string {
    return interpolate(get(key), params);
  }

  /**
   * The plural form for `count` chosen by `Intl.PluralRules` (`_one`, `_few`, `_many`, …, with
   * `_other` as the fallback); `{count}` is formatted for the locale.
   */
  t.plural = (base: PluralBase<MessageKey<N>>, count: number, params: Record<string, string | number> = {}) => {
    const category = pluralRules.select(count);
    const form = lookup(messages, `${base}_${category}`) === undefined ? 'other' : category;
    return interpolate(get(`${base}_${form}`), { count: numbers.format(count), ...params });
  };

  /** Whether the set has this key (for message keys that come from the server's rules). */
  t.has = (key: string) => lookup(messages, key) !== undefined;

  return t;
}

export type Translate<N extends Namespace = 'main'> = ReturnType<typeof createTranslator<N>>;
