// Which link addresses an editor may write in Markdown, and why the others are refused.
// The check reports them; `safe-markdown.mjs` makes the build drop the unsafe ones anyway.
import { LOCALES } from '#core/i18n/locales.mjs';
import { ID_PATTERN } from './collections.mjs';

/** @typedef {{ message: string, fix: string }} LinkProblem */
/** @typedef {Map<string, Set<string>>} SiteMap page address (no language prefix) → its ids */

const SCHEME = /^([a-z][a-z0-9+.-]*):/i;
const RESERVED_TLDS = new Set(['invalid', 'test', 'example', 'localhost', 'local', 'internal']);
const EMAIL = /^[^\s@/]+@[^\s@/]+\.[a-z]{2,}$/i;
const LOCALE_PREFIX = new RegExp(`^/(${LOCALES.filter((l) => l !== 'en').join('|')})(?=/|$|#|\\?)`);

/** Browsers ignore tabs, newlines and other control characters inside a scheme: so do we. */
export const schemeOf = (/** @type {string} */ url) =>
  SCHEME.exec(url.replace(/[\u0000-\u0020\u007f]+/g, ''))?.[1]?.toLowerCase();

/** True for addresses the built site may contain: relative ones, https: and mailto:. */
export function isSafeUrl(/** @type {string} */ url) {
  const scheme = schemeOf(url);
  return scheme === undefined || scheme === 'https' || scheme === 'mailto';
}

/** @param {string} url @returns {LinkProblem | null} */
function checkExternal(url) {
  const scheme = schemeOf(url);
  if (scheme === 'mailto') {
    return EMAIL.test(decodeURIComponent(url.slice('mailto:'.length).split('?')[0] ?? ''))
      ? null
      : { message: `"${url}" is not a valid email link`, fix: 'write it as mailto:name@example.org' };
  }
  if (scheme === 'http') return { message: `"${url}" uses http:`, fix: `write https://${url.slice('http://'.length)}` };
  if (scheme !== 'https') {
    return {
      message: `"${url}" uses "${scheme}:", which is not allowed`,
      fix: 'link only to https: addresses, mailto: addresses, or pages of this site',
    };
  }
  let host;
  try {
    host = new URL(url).hostname;
  } catch {
    return { message: `"${url}" is not a valid address`, fix: 'copy the address from the browser’s address bar' };
  }
  const labels = host.split('.');
  const tld = labels.at(-1) ?? '';
  if (
    labels.length < 2 ||
    !/^(?:[a-z]{2,}|xn--[a-z0-9-]+)$/.test(tld) ||
    RESERVED_TLDS.has(tld) ||
    labels.some((label) => !/^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/.test(label))
  ) {
    return {
      message: `"${url}" has no real domain name ("${host}")`,
      fix: 'check the spelling; copy the address from the browser’s address bar',
    };
  }
  return null;
}

/**
 * @param {string} url  the address as written in Markdown
 * @param {{ page: string, site: SiteMap }} context  `page`: the address of the page this file appears on
 * @returns {LinkProblem | null}
 */
export function checkLink(url, { page, site }) {
  if (url.trim() === '') return { message: 'a link has no address', fix: 'put the address between the parentheses' };
  if (schemeOf(url) !== undefined) return checkExternal(url);
  if (url.startsWith('//')) return { message: `"${url}" has no https:`, fix: `write https:${url}` };
  if (!url.startsWith('/') && !url.startsWith('#')) {
    return {
      message: `"${url}" is a relative address`,
      fix: 'start addresses of this site with /, for example /faq#withdrawal-time',
    };
  }
  const prefix = LOCALE_PREFIX.exec(url);
  if (prefix) {
    const neutral = url.slice(prefix[0].length) || '/';
    return { message: `"${url}" names a language`, fix: `write ${neutral}: the site adds the reader’s language` };
  }
  const [beforeHash, anchor] = /** @type {[string, string | undefined]} */ (url.split('#', 2));
  const path = beforeHash === '' ? page : beforeHash.split('?')[0]?.replace(/(?:\.html|\/)$/, '') || '/';
  const ids = site.get(path);
  if (!ids) {
    return { message: `there is no page ${path}`, fix: `use one of ${[...site.keys()].join(', ')}` };
  }
  if (anchor !== undefined && !ids.has(anchor)) {
    const examples = [...ids]
      .filter((id) => ID_PATTERN.test(id) && id !== 'main')
      .slice(0, 3)
      .map((id) => `${path}#${id}`)
      .join(', ');
    return {
      message: `there is no #${anchor} on ${path}`,
      fix: examples ? `use the file name of an entry, for example ${examples}` : `link to ${path} without #`,
    };
  }
  return null;
}
