import { withCspSources } from './csp-meta-sources.ts';

/**
 * The lobby (the home page of each locale: the catalogue, favourites and recently played) shows a
 * provider game's picture from the URL its catalogue gives, on a host of the provider's choosing that
 * the build cannot know. The server that serves the page adds the origins of the offered provider
 * games' images to its CSP `img-src` at serve time: a game turned off, or a provider's, takes its
 * image origin out. Every other page keeps the build's `img-src`.
 */

/** The built home page of any locale: `/index.html`, `/ru/index.html`. */
export const isLobbyPage = (path: string) => /^\/(?:[a-z]{2}\/)?index\.html$/.test(path);

/** The page with `origins` added to its CSP meta's `img-src`. */
export const withImageOrigins = (html: string, origins: readonly string[]) => withCspSources(html, 'img-src', origins);
