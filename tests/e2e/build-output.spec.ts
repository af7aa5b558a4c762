// Checks the built dist/ itself: every route in every locale, with its SEO links and CSP.
import { existsSync, readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { LOCALES, ROUTES } from '../../core/i18n/locales.ts';
import { localizedPath } from '../../core/i18n/urls';
import { cspProblems } from './csp';

/** The file a URL path is served from, as the server resolves it. */
function fileOf(path: string): string {
  const candidates = path.endsWith('/') ? [`dist${path}index.html`] : [`dist${path}.html`, `dist${path}/index.html`];
  const found = candidates.find((file) => existsSync(file));
  if (!found) throw new Error(`no built file for ${path}`);
  return found;
}
const read = (route: string, locale: (typeof LOCALES)[number]) =>
  readFileSync(fileOf(localizedPath(route, locale)), 'utf8');
const titleOf = (page: string) => /<title>([^<]*)<\/title>/.exec(page)?.[1];
const h1Of = (page: string) => /<h1[^>]*>([^<]*)<\/h1>/.exec(page)?.[1];

test(
  `all ${ROUTES.length * LOCALES.length} route pages (${ROUTES.length} routes × 14 locales) exist with their ` +
    `lang, canonical and hreflang set`,
  () => {
    let count = 0;
    for (const route of ROUTES) {
      for (const locale of LOCALES) {
        const page = read(route, locale);
        count++;
        expect(page, `${locale} ${route}`).toContain(`<html lang="${locale}"`);
        const alternates = [...page.matchAll(/<link rel="alternate" hreflang="([^"]+)" href="([^"]+)"/g)];
        expect(alternates.map((m) => m[1])).toEqual([...LOCALES, 'x-default']);
        for (const [, hreflang, href] of alternates) {
          const target = hreflang === 'x-default' ? 'en' : hreflang!;
          expect(new URL(href!).pathname).toBe(localizedPath(route, target as (typeof LOCALES)[number]));
        }
        expect(page).toMatch(
          new RegExp(`<link rel="canonical" href="[^"]*${localizedPath(route, locale).replace(/\//g, '\\/')}"`),
        );
      }
    }
    expect(count).toBe(ROUTES.length * LOCALES.length);
  },
);

test('no page in another locale repeats the English title, description or heading', () => {
  for (const route of ROUTES) {
    const en = read(route, 'en');
    for (const locale of LOCALES.filter((l) => l !== 'en')) {
      const page = read(route, locale);
      expect(titleOf(page), `${locale} ${route} title`).not.toBe(titleOf(en));
      expect(h1Of(page), `${locale} ${route} h1`).not.toBe(h1Of(en));
      expect(h1Of(page)?.trim()).toBeTruthy();
    }
  }
});

test('every inline script is allowed by a hash in the page CSP, with no unsafe-inline', () => {
  for (const route of ROUTES) {
    for (const locale of ['en', 'ja'] as const)
      expect(cspProblems(read(route, locale)), `${locale} ${route}`).toEqual([]);
  }
});

test('robots.txt disallows the profile area in every locale and the sitemap leaves it out', () => {
  const robots = readFileSync('dist/robots.txt', 'utf8');
  for (const locale of LOCALES) expect(robots).toContain(`Disallow: ${localizedPath('/profile', locale)}\n`);
  expect(robots).toMatch(/Sitemap: http.*\/sitemap-index\.xml/);
  const sitemap = readFileSync('dist/sitemap-0.xml', 'utf8');
  expect(sitemap).toContain('/ru/faq</loc>');
  expect(sitemap).not.toContain('/profile');
  expect(sitemap).not.toContain('404');
  expect(sitemap).toContain('hreflang="ja"');
});

test('the build writes its freshness pointer and metadata with the route list', () => {
  const latest = JSON.parse(readFileSync('dist/builds/latest.json', 'utf8'));
  expect(latest).toEqual({ id: expect.any(String), timestamp: expect.any(String) });
  expect(existsSync(`dist/builds/meta/${latest.id}.json`)).toBe(true);
  const meta = JSON.parse(readFileSync(`dist/builds/meta/${latest.id}.json`, 'utf8'));
  expect(meta.id).toBe(latest.id);
  expect(meta.routes).toContain('/ru/profile/deposit');
  expect(meta.routes).toContain('/');
});
