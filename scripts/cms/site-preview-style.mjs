// The editor's preview style: the site's own CSS, taken from the built site (dist/), so the eye
// button shows an entry with the site's fonts, colours, card and prose styles. The pages the editor
// changes (FAQ, rules, responsible gaming, loyalty) link their stylesheets and inline the small
// scoped ones; all of them are gathered into one stylesheet. Astro scopes a component's style to
// its own markup with a `data-astro-cid-…` attribute; the preview templates (preview-templates.js)
// draw the same classes without it, so the scope of the components they copy is taken off.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The built pages whose styles the preview needs, one per collection the editor changes. */
const PAGES = ['faq.html', 'rules.html', 'responsible_gaming.html', 'loyal.html'];

/** The elements the preview templates copy, by the class they start with. */
const COPIED_CLASSES = ['faq-entry', 'prose content-section'];

const STYLESHEET = /<link rel="stylesheet" href="\/(_astro\/[\w.-]+\.css)">/g;
const INLINE_STYLE = /<style>([\s\S]*?)<\/style>/g;

/** @param {string} html @returns {string[]} the scope attributes of the copied components */
function copiedScopes(html) {
  return COPIED_CLASSES.flatMap((name) => {
    const tag = new RegExp(`<[a-z]+ class="${name}[^"]*"[^>]*?(data-astro-cid-[a-z0-9]+)`).exec(html);
    return tag?.[1] ? [tag[1]] : [];
  });
}

/**
 * @param {string} dist  the built site
 * @returns {string | null} null when the site is not built
 */
export function sitePreviewStyle(dist) {
  const pages = PAGES.map((page) => join(dist, page)).filter((path) => existsSync(path));
  if (pages.length === 0) return null;
  /** @type {Set<string>} */
  const parts = new Set();
  /** @type {Set<string>} */
  const scopes = new Set();
  for (const page of pages) {
    const html = readFileSync(page, 'utf8');
    for (const [, href] of html.matchAll(STYLESHEET)) {
      const file = join(dist, /** @type {string} */ (href));
      if (existsSync(file)) parts.add(readFileSync(file, 'utf8'));
    }
    for (const [, css] of html.matchAll(INLINE_STYLE)) parts.add(/** @type {string} */ (css));
    for (const scope of copiedScopes(html)) scopes.add(scope);
  }
  let css = [...parts].join('\n');
  for (const scope of scopes) css = css.replaceAll(`[${scope}]`, '');
  return css;
}
