import { describe, expect, it } from 'vitest';
import { headersFile, redirectsFile } from '../../../integrations/cdn-rules.mjs';
import { cacheControlFor } from '#server/http/static-site.ts';

/** The `_headers` file as {path: {header: value}}; a path listed twice would be merged by a CDN. */
function parse(text: string) {
  const rules: Record<string, Record<string, string>> = {};
  let current: Record<string, string> | undefined;
  for (const line of text.split('\n')) {
    if (!line.trim() || line.startsWith('#')) continue;
    if (!line.startsWith(' ')) {
      expect(rules[line], `${line} listed twice`).toBeUndefined();
      current = rules[line] = {};
    } else {
      const [name, ...value] = line.trim().split(': ');
      current![name!] = value.join(': ');
    }
  }
  return rules;
}

describe('_headers', () => {
  const routes = ['/', '/faq', '/profile/deposit', '/ru', '/ru/faq', '/ja/profile/deposit'];
  const rules = parse(headersFile(routes));

  it('forbids framing on every path, as a header', () => {
    expect(rules['/*']).toEqual({
      'Content-Security-Policy': "frame-ancestors 'none'",
      'X-Content-Type-Options': 'nosniff',
      'Referrer-Policy': 'strict-origin-when-cross-origin',
    });
  });

  it('caches as our server does: pages and builds/* no-cache, /_astro/* immutable, never both on one path', () => {
    expect(rules['/_astro/*']).toEqual({ 'Cache-Control': cacheControlFor('/_astro/app.js') });
    expect(rules['/builds/*']).toEqual({ 'Cache-Control': cacheControlFor('/builds/latest.json') });
    for (const path of [
      '/',
      '/faq',
      '/faq.html',
      '/profile/deposit',
      '/profile/deposit.html',
      '/404.html',
      '/500.html',
      '/ru/*',
      '/ja/*',
      '/zh/*',
    ]) {
      expect(rules[path], path).toEqual({ 'Cache-Control': 'no-cache' });
    }
    // Other locales' pages are one rule each, not one per page (Cloudflare Pages allows 100 rules).
    expect(rules['/ru/faq']).toBeUndefined();
    expect(Object.keys(rules)).toHaveLength(1 + 2 + 1 + 2 * 2 + 2 + 13);
  });
});

describe('_redirects', () => {
  it('answers an unknown path with the 404 page of its locale, English last', () => {
    const lines = redirectsFile()
      .split('\n')
      .filter((line) => line && !line.startsWith('#'));
    expect(lines).toHaveLength(14);
    expect(lines[0]).toBe('/ru/*  /ru/404.html  404');
    expect(lines).toContain('/ja/*  /ja/404.html  404');
    expect(lines.at(-1)).toBe('/*  /404.html  404');
  });
});
