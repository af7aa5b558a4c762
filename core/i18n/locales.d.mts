export type Locale = 'en' | 'ru' | 'de' | 'es' | 'fr' | 'hi' | 'id' | 'it' | 'ja' | 'ko' | 'pt' | 'tl' | 'tr' | 'zh';
export declare const LOCALES: Locale[];
export declare const DEFAULT_LOCALE: 'en';
export declare const LOCALE_NAMES: Record<Locale, string>;
export declare const LOCALE_INTL: Record<Locale, string>;
export type Route =
  | '/'
  | '/faq'
  | '/loyal'
  | '/rules'
  | '/responsible_gaming'
  | '/profile'
  | '/profile/bonus'
  | '/profile/balance'
  | '/profile/deposit'
  | '/profile/history'
  | '/profile/loyalty'
  | '/profile/withdrawal'
  | '/profile/notification'
  | '/profile/affiliate_program';
export declare const ROUTES: Route[];
