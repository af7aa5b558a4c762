/** Name of the cookie that remembers the visitor's chosen locale (the name Nuxt i18n uses). */
export const LOCALE_COOKIE = 'i18n_redirected';

const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

/**
 * Attributes for the locale cookie. When the site and its API live on different origins the
 * cookie must be `SameSite=None; Secure`, otherwise cross-site requests would not carry it.
 */
export function localeCookieAttributes(crossOrigin: boolean): string {
  const sameSite = crossOrigin ? 'SameSite=None; Secure' : 'SameSite=Lax';
  return `; Max-Age=${ONE_YEAR_SECONDS}; Path=/; ${sameSite}`;
}

/** `value` is the PUBLIC_COOKIE_CROSS_ORIGIN setting. */
export function isCrossOrigin(value: string | undefined): boolean {
  return value === '1' || value === 'true';
}
