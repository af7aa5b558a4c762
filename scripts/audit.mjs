// `npm run audit`: Lighthouse (mobile, simulated throttling) and axe on home, FAQ, rules and a
// profile page, in en and ja, light and dark. Prints the scores; exits non-zero below budget.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, chromiumPath } from './chromium-path.ts';
import { spawnServer } from './server.mjs';
import { tableLines } from './text-table.mjs';
import { localizedPath as localized } from '../core/i18n/urls.ts';

/** @type {import('../core/i18n/locales.ts').Route[]} */
const ROUTES = ['/', '/faq', '/rules', '/profile/deposit'];
/** @type {import('../core/i18n/locales.ts').Locale[]} */
const LOCALES = ['en', 'ja'];
/** @type {('light' | 'dark')[]} */
const MODES = ['light', 'dark'];
const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
/** @type {Record<string, number>} */
const BUDGET = { performance: 98, accessibility: 100, 'best-practices': 100, seo: 100 };
// Account pages are noindex on purpose, so the SEO category cannot score 100 there.
const NOINDEX = (/** @type {string} */ route) => route.startsWith('/profile');

const only = process.argv.slice(2); // e.g. `npm run audit -- /faq` to audit fewer pages

const build = spawnSync(process.execPath, ['scripts/server.mjs', '--build-only'], { stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);

const server = await spawnServer({ port: 4530, name: 'audit' });
const outDir = mkdtempSync(join(tmpdir(), 'lighthouse-'));
const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
/** @type {string[]} */
const failures = [];
/** @typedef {{ url: string; mode: string; scores: Record<string, number>; axe: number }} AuditRow */
/** @type {AuditRow[]} */
const rows = [];

/**
 * Lighthouse's category scores for `url`, out of 100.
 * @param {string} url @param {'light' | 'dark'} mode @returns {Record<string, number>}
 */
function lighthouse(url, mode) {
  const output = join(outDir, `${rows.length}.json`);
  // Chromium answers prefers-color-scheme: dark with this flag, so "system" renders dark.
  const flags = ['--headless=new', ...CHROMIUM_ARGS, ...(mode === 'dark' ? ['--force-dark-mode'] : [])];
  const run = spawnSync(
    process.execPath,
    [
      'node_modules/lighthouse/cli/index.js',
      url,
      '--quiet',
      '--output=json',
      `--output-path=${output}`,
      '--only-categories=performance,accessibility,best-practices,seo',
      `--chrome-flags=${flags.join(' ')}`,
    ],
    { env: { ...process.env, CHROME_PATH: chromiumPath() }, stdio: ['ignore', 'ignore', 'inherit'] },
  );
  if (run.status !== 0) throw new Error(`lighthouse failed on ${url}`);
  /** @type {{ categories: Record<string, { score: number }> }} */
  const report = JSON.parse(readFileSync(output, 'utf8'));
  return Object.fromEntries(
    Object.entries(report.categories).map(([id, category]) => [id, Math.round(category.score * 100)]),
  );
}

try {
  for (const route of ROUTES.filter((r) => !only.length || only.includes(r))) {
    for (const locale of LOCALES) {
      for (const mode of MODES) {
        const url = server.base + localized(route, locale);
        const scores = lighthouse(url, mode);
        const context = await browser.newContext({ colorScheme: mode });
        const page = await context.newPage();
        await page.goto(url, { waitUntil: 'networkidle' });
        const axe = await new AxeBuilder({ page }).withTags(AXE_TAGS).analyze();
        await context.close();
        rows.push({ url: localized(route, locale), mode, scores, axe: axe.violations.length });
        for (const [category, minimum] of Object.entries(BUDGET)) {
          if (category === 'seo' && NOINDEX(route)) continue;
          if ((scores[category] ?? 0) < minimum)
            failures.push(`${localized(route, locale)} ${mode}: ${category} ${scores[category]} < ${minimum}`);
        }
        for (const violation of axe.violations)
          failures.push(`${localized(route, locale)} ${mode}: axe ${violation.id}`);
      }
    }
  }
} finally {
  await browser.close();
  server.stop();
}

/** @type {Parameters<typeof tableLines<AuditRow>>[0]} */
const AUDIT_COLUMNS = [
  { title: 'page', width: 22, left: true, cell: (row) => row.url },
  { title: 'mode', width: 7, left: true, cell: (row) => row.mode },
  { title: 'perf', width: 6, cell: (row) => row.scores.performance },
  { title: 'a11y', width: 6, cell: (row) => row.scores.accessibility },
  { title: 'best', width: 6, cell: (row) => row.scores['best-practices'] },
  { title: 'seo', width: 6, cell: (row) => row.scores.seo },
  { title: 'axe', width: 5, cell: (row) => row.axe },
];
console.log(['', ...tableLines(AUDIT_COLUMNS, rows)].join('\n'));
if (failures.length) {
  console.error(`\n✖ below budget:\n  ${failures.join('\n  ')}`);
  process.exit(1);
}
console.log('\n✔ every page meets the Lighthouse and axe budgets');
console.log('  (SEO is not held to 100 on /profile pages: robots.txt disallows them and they are noindex by design.)');
