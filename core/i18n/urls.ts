import { DEFAULT_LOCALE, LOCALES, type Locale, type Route } from './locales.ts';

/** `/faq` in `ru` is `/ru/faq`; English has no prefix; the home page of `ru` is `/ru/`. */
export function localizedPath(route: string, locale: Locale): string {
  if (locale === DEFAULT_LOCALE) return route;
  return route === '/' ? `/${locale}/` : `/${locale}${route}`;
}

/** Splits a pathname into its locale and the route without prefix. Unknown prefixes are English. */
export function splitLocale(pathname: string): { locale: Locale; route: string } {
  const match = /^\/([a-z]{2})(\/.*|$)/.exec(pathname);
  if (match && (LOCALES as string[]).includes(match[1]!) && match[1] !== DEFAULT_LOCALE) {
    return { locale: match[1] as Locale, route: match[2] || '/' };
  }
  return { locale: DEFAULT_LOCALE, route: pathname || '/' };
}

/** Params for `[...lang]` routes: `undefined` renders the unprefixed English page. */
export function localeStaticPaths() {
  return LOCALES.map((locale) => ({
    params: { lang: locale === DEFAULT_LOCALE ? undefined : locale },
    props: { locale },
  }));
}

/** Props of components that render one route in one locale. */
export interface LocalizedRouteProps {
  locale: Locale;
  /** The route without locale prefix, e.g. `/faq`. */
  route: string;
}

export type { Locale, Route };
