// Rewrites builds/latest.json, which every open page polls: so it runs in the `isolated`
// project, against its own server and its own copy of dist/ (see isolated-site.ts).
import { readFileSync, writeFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { waitForClientScript } from './helpers';
import { ISOLATED_SITE } from './isolated-site.ts';

const LATEST = `${ISOLATED_SITE}/builds/latest.json`;
// Read when the tests start: the isolated server makes the copy as the run begins.
let original = '';
let current = { id: '' };
test.beforeAll(() => {
  original = readFileSync(LATEST, 'utf8');
  current = JSON.parse(original) as { id: string };
});

/** Pretends a new deploy happened by rewriting the pointer the isolated server serves. */
function deployNewBuild() {
  writeFileSync(LATEST, JSON.stringify({ id: `${current.id}-next`, timestamp: new Date().toISOString() }));
}

test.afterEach(() => writeFileSync(LATEST, original));

async function countLoads(page: Page) {
  let loads = 0;
  page.on('load', () => loads++);
  return () => loads;
}

test('the meta file of the running build is fetched one second after start, not before', async ({ page }) => {
  // The page's time stands still from before it loads; the test moves it (no real second waited).
  await page.clock.install({ time: new Date('2026-01-05T10:00:00Z') });
  await page.clock.pauseAt(new Date('2026-01-05T10:01:00Z'));
  const fetched: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/builds/meta/')) fetched.push(new URL(request.url()).pathname);
  });
  await page.goto('/');
  await waitForClientScript(page);
  await page.clock.runFor(999);
  expect(fetched).toEqual([]);
  const meta = page.waitForRequest(`**/builds/meta/${current.id}.json`);
  await page.clock.runFor(1);
  await meta;
  expect(fetched).toEqual([`/builds/meta/${current.id}.json`]);
});

test('a newer build found when the tab becomes visible reloads the page, once per 10 s', async ({ page }) => {
  const loads = await countLoads(page);
  await page.goto('/faq');
  await waitForClientScript(page);
  expect(loads()).toBe(1);

  const fired = () => page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
  // Same build on the server: the check runs but nothing reloads.
  // Once the answer is fully read, the page has compared it (a reload would start at once).
  await Promise.all([
    page.waitForEvent('requestfinished', (request) => request.url().endsWith('/builds/latest.json')),
    fired(),
  ]);
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 0)));
  await expect(page.locator('html[data-client-ready]')).toBeAttached();
  expect(loads()).toBe(1);

  deployNewBuild();
  await Promise.all([page.waitForEvent('load'), fired()]);
  await waitForClientScript(page);
  expect(loads()).toBe(2);

  // The page still sees a different id, but the guard refuses a second reload within 10 s.
  const warning = page.waitForEvent('console', (m) => m.type() === 'warning' && m.text().includes('skipped'));
  await fired();
  await warning;
  expect(loads()).toBe(2);
});

test('the periodic check (every 60 minutes by default) reloads on a new build', async ({ page }) => {
  await page.clock.install();
  const loads = await countLoads(page);
  await page.goto('/rules');
  await waitForClientScript(page);
  deployNewBuild();
  await page.clock.runFor('59:00');
  expect(loads()).toBe(1);
  await Promise.all([page.waitForEvent('load'), page.clock.runFor('01:01')]);
  expect(loads()).toBe(2);
});

test('a failed dynamic import or chunk preload reloads the page, with the same 10 s guard', async ({ page }) => {
  const loads = await countLoads(page);
  await page.goto('/loyal');
  await waitForClientScript(page);
  await Promise.all([
    page.waitForEvent('load'),
    page.evaluate(() => {
      void import(/* @vite-ignore */ `${location.origin}/_astro/missing-chunk.js`);
    }),
  ]);
  await waitForClientScript(page);
  expect(loads()).toBe(2);

  const warning = page.waitForEvent('console', (m) => m.type() === 'warning' && m.text().includes('skipped'));
  await page.evaluate(() => window.dispatchEvent(new Event('vite:preloadError', { cancelable: true })));
  await warning;
  expect(loads()).toBe(2);
});
