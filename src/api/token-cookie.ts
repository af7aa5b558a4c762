/** The cookie that keeps the API token between pages (Djoser's `auth_token`). */
export const TOKEN_COOKIE = 'auth_token';
const THIRTY_DAYS_SECONDS = 30 * 24 * 60 * 60;
const TOKEN = /^[0-9a-f]{40}$/i;

export function readTokenCookie(cookie = typeof document === 'undefined' ? '' : document.cookie): string | null {
  const value = new RegExp(`(?:^|; )${TOKEN_COOKIE}=([^;]*)`).exec(cookie)?.[1];
  return value && TOKEN.test(value) ? value : null;
}

/**
 * The Set-Cookie string: path `/`, SameSite Lax, Secure on https; `null` deletes the cookie. The
 * cookie lives as long as the token: until `expiresAt` as the server last said (its idle renewal
 * and TOKEN_MAX_AGE_DAYS), or 30 days when no answer said yet.
 */
export function tokenCookie(
  token: string | null,
  secure: boolean,
  expiresAt?: string | Date,
  now = Date.now(),
): string {
  const until = expiresAt === undefined ? NaN : new Date(expiresAt).getTime();
  const seconds = Number.isFinite(until) ? Math.max(0, Math.floor((until - now) / 1000)) : THIRTY_DAYS_SECONDS;
  const lifetime = token ? `Max-Age=${seconds}` : 'Max-Age=0';
  return `${TOKEN_COOKIE}=${token ?? ''}; ${lifetime}; Path=/; SameSite=Lax${secure ? '; Secure' : ''}`;
}
