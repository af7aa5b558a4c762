import { readFileSync } from 'node:fs';
import { DEFAULT_LOCALE, LOCALES, type Locale } from '#core/i18n/locales.mjs';
import { interpolate } from '#core/i18n/interpolate.ts';

/**
 * The server's messages (errors, history descriptions, notifications, the demo payment page)
 * come from the `api` message set in `locales/`, in the language the site asks for with
 * `Accept-Language`, so a player never reads English in a Japanese page.
 */
export type { Locale };

const messages = Object.fromEntries(
  LOCALES.map((locale) => [
    locale,
    JSON.parse(readFileSync(new URL(`../../../locales/${locale}/api.json`, import.meta.url), 'utf8')),
  ]),
) as Record<Locale, Record<string, Record<string, string>>>;

/** The first supported language in an Accept-Language header (by q-value), else English. */
export function pickLocale(header: string | undefined | null): Locale {
  if (!header) return DEFAULT_LOCALE as Locale;
  const ranked = header
    .split(',')
    .map((part) => {
      const [tag = '', ...options] = part.trim().split(';');
      const q = Number(
        options
          .find((option) => option.trim().startsWith('q='))
          ?.trim()
          .slice(2) ?? 1,
      );
      return { tag: tag.toLowerCase(), q: Number.isFinite(q) ? q : 0 };
    })
    .filter(({ q }) => q > 0)
    .sort((a, b) => b.q - a.q);
  for (const { tag } of ranked) {
    const base = tag === 'fil' || tag.startsWith('fil-') ? 'tl' : tag.split('-')[0];
    if ((LOCALES as readonly string[]).includes(base!)) return base as Locale;
  }
  return DEFAULT_LOCALE as Locale;
}

/** `key` is `group.name`, e.g. `errors.required`. Unknown keys fall back to English, then the key. */
export function translate(locale: Locale, key: string, params: Record<string, string | number> = {}): string {
  const [group = '', name = ''] = key.split('.');
  const text = messages[locale]?.[group]?.[name] ?? messages.en[group]?.[name] ?? key;
  return interpolate(text, params);
}

const gameRulesTexts = Object.fromEntries(
  LOCALES.map((locale) => [
    locale,
    JSON.parse(readFileSync(new URL(`../../../locales/${locale}/game_rules.json`, import.meta.url), 'utf8')).rules,
  ]),
) as Record<Locale, Record<string, string>>;

/** A game's short rules text (locales/<lang>/game_rules.json `rules.<key>`), English when a language lacks it. */
export function gameRulesText(locale: Locale, key: string): string {
  return gameRulesTexts[locale]?.[key] ?? gameRulesTexts.en[key] ?? '';
}

/** `?lang=` when it names a supported locale, else the Accept-Language pick. */
export function queryLocale(lang: string | undefined, acceptLanguage: string | undefined | null): Locale {
  return lang !== undefined && (LOCALES as readonly string[]).includes(lang)
    ? (lang as Locale)
    : pickLocale(acceptLanguage);
}
