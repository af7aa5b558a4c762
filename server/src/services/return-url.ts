import type { ServerConfig } from '../config/server-config.ts';

const DEFAULT_RETURN_PATH = '/profile/deposit';
/**
 * Characters a URL parser silently strips or reinterprets (tab, CR, LF and other controls, the
 * backslash some parsers read as `/`), whitespace, and invisible or direction-changing characters.
 */
const UNSAFE = /[\u0000-\u0020\u007f-\u009f\\\u00a0\u1680\u2000-\u200f\u2028-\u202f\u205f-\u206f\u3000\ufeff]/u;
/** A path on the site: one leading `/`, and no `//` anywhere (a parser would read a host there). */
const SITE_PATH = /^\/(?!\/)/;

/**
 * A site on localhost (the local default) is the same server at 127.0.0.1 and [::1] on its port:
 * a player who opened one of those comes back to it, where their sign-in cookie is.
 */
function loopbackAliases(siteUrl: string): string[] {
  const url = new URL(siteUrl);
  if (url.hostname !== 'localhost') return [];
  return ['127.0.0.1', '[::1]'].map((host) => `${url.protocol}//${host}${url.port ? `:${url.port}` : ''}`);
}

/**
 * The origins the payment page may send a player back to: SITE_URL's (and its loopback spellings), then RETURN_ORIGINS
 * and CORS_ORIGINS.
 */
export const returnOrigins = (config: ServerConfig) => [
  config.siteUrl,
  ...loopbackAliases(config.siteUrl),
  ...config.returnOrigins,
  ...config.corsOrigins,
];

/**
 * The return address the demo payment page may send the player to, or undefined. Either a path
 * on the site the player came from (the request's `Origin` when it is one of the configured
 * origins, else SITE_URL), or an absolute URL that starts with exactly one of the configured
 * origins. Never an origin the configuration does not name: that would make us an open redirect.
 */
export function allowedReturnUrl(value: unknown, config: ServerConfig, requestOrigin?: string): string | undefined {
  const site =
    requestOrigin !== undefined && returnOrigins(config).includes(requestOrigin) ? requestOrigin : config.siteUrl;
  if (value === undefined || value === null || value === '') return new URL(DEFAULT_RETURN_PATH, site).href;
  if (typeof value !== 'string' || value.length > 2000 || UNSAFE.test(value)) return undefined;
  if (SITE_PATH.test(value)) return value.includes('//') ? undefined : new URL(value, site).href;
  const origin = returnOrigins(config).find(
    (allowed) => value === allowed || (value.startsWith(allowed) && /^[/?#]/.test(value.slice(allowed.length))),
  );
  if (!origin || value.slice(origin.length).includes('//')) return undefined;
  const url = new URL(value);
  return url.origin === origin ? url.href : undefined;
}

/** The site page the player returns to, told which payment this was and how it ended. */
export function backUrl(returnUrl: string, id: string, status: string): string {
  const url = new URL(returnUrl);
  url.searchParams.set('payment', id);
  url.searchParams.set('payment_status', status);
  return url.href;
}
