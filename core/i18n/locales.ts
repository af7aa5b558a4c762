// One list shared by astro.config.mjs, the server, the scripts and the browser code.

export type Locale = 'en' | 'ru' | 'de' | 'es' | 'fr' | 'hi' | 'id' | 'it' | 'ja' | 'ko' | 'pt' | 'tl' | 'tr' | 'zh';

/** Every locale the site is built in. English is the default and has no URL prefix. */
export const LOCALES: Locale[] = ['en', 'ru', 'de', 'es', 'fr', 'hi', 'id', 'it', 'ja', 'ko', 'pt', 'tl', 'tr', 'zh'];

export const DEFAULT_LOCALE = 'en' satisfies Locale;

/** Whether `value` (a folder name, an argument, a cookie) is one of the site's locales. */
export function isLocale(value: string): value is Locale {
  return (LOCALES as string[]).includes(value);
}

/** Each language's own name for itself, shown in the language switcher. */
export const LOCALE_NAMES: Record<Locale, string> = {
  en: 'English',
  ru: 'Русский',
  de: 'Deutsch',
  es: 'Español',
  fr: 'Français',
  hi: 'हिन्दी',
  id: 'Bahasa Indonesia',
  it: 'Italiano',
  ja: '日本語',
  ko: '한국어',
  pt: 'Português',
  tl: 'Filipino',
  tr: 'Türkçe',
  zh: '中文',
};

/** The BCP 47 tag used for Intl formatting; `lang` and hreflang use the bare code. */
export const LOCALE_INTL: Record<Locale, string> = {
  en: 'en-US',
  ru: 'ru-RU',
  de: 'de-DE',
  es: 'es-ES',
  fr: 'fr-FR',
  hi: 'hi-IN',
  id: 'id-ID',
  it: 'it-IT',
  ja: 'ja-JP',
  ko: 'ko-KR',
  pt: 'pt-BR',
  tl: 'fil-PH',
  tr: 'tr-TR',
  zh: 'zh-CN',
};

/** Every route of the site, without locale prefix. Each one exists in every locale. */
export const ROUTES = [
  '/',
  '/faq',
  '/loyal',
  '/rules',
  '/responsible_gaming',
  '/play',
  '/reset-password',
  '/activate',
  '/confirm-email',
  '/profile',
  '/profile/bonus',
  '/profile/balance',
  '/profile/deposit',
  '/profile/history',
  '/profile/loyalty',
  '/profile/withdrawal',
  '/profile/notification',
  '/profile/security',
  '/profile/affiliate_program',
  '/profile/responsible_gaming',
] as const;

export type Route = (typeof ROUTES)[number];

/** Whether `value` is one of the site's routes (without locale prefix). */
export function isRoute(value: string): value is Route {
  return (ROUTES as readonly string[]).includes(value);
}
