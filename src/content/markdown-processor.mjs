// How editors' Markdown becomes HTML, in the build and in the dev preview alike (Astro 7 renders
// Markdown with Sätteri; remark/rehype plugins such as rehype-sanitize no longer plug in).
// - Raw HTML is never published: Sätteri keeps it as opaque `raw` nodes, and we remove them, so a
//   <script>, an onerror= attribute or an <iframe> cannot reach a page. (`npm run i18n:check`
//   reports it first.) Markdown itself cannot produce event attributes.
// - Link and image addresses other than relative, https: and mailto: are dropped (javascript:,
//   data:, vbscript:, http: …): the text stays, the link goes.
// - Site addresses are written without a language (/faq#withdrawal-time); a translation's links
//   get its prefix (/de/faq#withdrawal-time), so one address works in all 14 files.
import { fileURLToPath } from 'node:url';
import { satteri } from '@astrojs/markdown-satteri';
import { DEFAULT_LOCALE, LOCALES, isLocale } from '../../core/i18n/locales.ts';
import { isSafeUrl } from './lint/links.mjs';

/** The locale of a content file from its path: …/<collection>/<locale>/<id>.md. */
function localeOf(/** @type {URL | undefined} */ fileURL) {
  const folder = fileURL ? fileURLToPath(fileURL).split(/[\\/]/).at(-2) : undefined;
  return folder && isLocale(folder) ? folder : DEFAULT_LOCALE;
}

/** @param {string} href @param {string} locale */
export function localizeHref(href, locale) {
  if (locale === DEFAULT_LOCALE || !href.startsWith('/') || href.startsWith('//')) return href;
  if (LOCALES.some((l) => href === `/${l}` || href.startsWith(`/${l}/`) || href.startsWith(`/${l}#`))) return href;
  return href === '/' ? `/${locale}/` : `/${locale}${href}`;
}

/**
 * The links of rendered HTML for another locale: an English entry shown in place of a missing
 * translation links to that locale's pages (/ja/faq#…), as the translation would.
 * @param {string} html @param {string} locale
 */
export function localizeLinks(html, locale) {
  return html.replace(
    /(<a\b[^>]*?\shref=")([^"]*)(")/g,
    (_all, before, href, after) => `${before}${localizeHref(href, locale)}${after}`,
  );
}

/** @type {import('satteri').HastPluginDefinition} */
export const safeHtmlPlugin = {
  name: 'amberplay-safe-html',
  raw(node, ctx) {
    ctx.removeNode(node);
  },
  element: {
    filter: ['a', 'img'],
    visit(node, ctx) {
      const attribute = node.tagName === 'a' ? 'href' : 'src';
      const url = node.properties?.[attribute];
      if (typeof url !== 'string') return;
      if (!isSafeUrl(url)) ctx.setProperty(node, attribute, null);
      else if (node.tagName === 'a') ctx.setProperty(node, 'href', localizeHref(url, localeOf(ctx.fileURL)));
    },
  },
};

/** The `markdown.processor` of astro.config.mjs (and of the tests that render like the build). */
export const contentMarkdownProcessor = () => satteri({ hastPlugins: [safeHtmlPlugin] });
