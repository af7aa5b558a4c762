import { withCspSources } from './csp-meta-sources.ts';

/**
 * The /play page frames the launch URL of whichever provider a game belongs to, and providers are
 * added and turned off while the site runs, so its CSP `frame-src` cannot be fixed when the static
 * site is built. The server that serves the page adds the origins of the active providers' base URLs
 * to the page's CSP (csp-meta-sources.ts) at serve time. A provider turned off leaves it; a launch URL
 * on another origin is refused (provider-sessions.ts).
 */

/** The built play page of any locale: `/play.html`, `/ru/play.html`. */
export const isPlayPage = (path: string) => /^\/(?:[a-z]{2}\/)?play\.html$/.test(path);

/** The page with `origins` added to its CSP meta's `frame-src`. */
export const withFrameOrigins = (html: string, origins: readonly string[]) =>
  withCspSources(html, 'frame-src', origins);
