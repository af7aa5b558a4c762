// `npm run bench`: builds the site, then measures in real Chromium what each page type costs
// before any interaction. Budgets come from docs/architecture.md; a broken budget exits non-zero.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, chromiumPath } from './chromium-path.ts';
import { JS_BUDGET_KB, measurePageJs } from './page-js.ts';
import { spawnServer } from './server.mjs';
import { tableLines } from './text-table.mjs';
import { DEMO_PLAYER } from '../server/src/db/demo-player.ts';
import { parseEnv } from '../server/src/config/variables.ts';

const KB = 1024;
const BUDGETS = {
  buildSeconds: 30,
  publicJsKb: JS_BUDGET_KB.public,
  publicSignedInJsKb: JS_BUDGET_KB.publicSignedIn,
  profileJsKb: JS_BUDGET_KB.profile,
  gameJsKb: JS_BUDGET_KB.game,
};
// "signed in" pages load with the demo player's token: the header then shows the player
// through the vanilla session script, and must still load no React on a public page.
const PAGES = [
  { name: 'home', path: '/', kind: 'public' },
  { name: 'home, signed in', path: '/', kind: 'public', signedIn: true },
  { name: 'faq', path: '/faq', kind: 'public' },
  { name: 'faq, signed in', path: '/faq', kind: 'public', signedIn: true },
  { name: 'profile/deposit', path: '/profile/deposit', kind: 'profile', signedIn: true },
  // The withdrawal form runs the destination rules (IBAN, card, bech32) in the browser.
  { name: 'profile/withdrawal', path: '/profile/withdrawal', kind: 'profile', signedIn: true },
  // The heaviest profile screen: email, password, two-factor, devices, data file, closing.
  { name: 'profile/security', path: '/profile/security', kind: 'profile', signedIn: true },
  // /play before the game loads, and the provider's game page in its frame (a fresh demo launch).
  { name: 'play', path: '/play?game=amber-fortune', kind: 'public' },
  { name: 'play, signed in', path: '/play?game=amber-fortune', kind: 'public', signedIn: true },
  // Each mechanic's game page before its first round (its symbol art is inline SVG and its sounds
  // are made with WebAudio, so images and sounds should stay at 0 bytes).
  { name: 'game: slot', launch: 'amber-fortune', kind: 'game' },
  { name: 'game: dice', launch: 'dice', kind: 'game' },
  { name: 'game: roulette', launch: 'european-roulette', kind: 'game' },
  { name: 'game: baccarat', launch: 'baccarat-royale', kind: 'game' },
  { name: 'game: blackjack', launch: 'blackjack', kind: 'game' },
  { name: 'game: mines', launch: 'mines', kind: 'game' },
  { name: 'game: crash', launch: 'crash', kind: 'game' },
];
/** A game page's images and sounds before the first round (docs/architecture.md). */
const GAME_MEDIA_BUDGET_KB = 150;
/** /play's layout shift, signed out and in, until its mode buttons show (budget 0.02). */
const PLAY_CLS = [
  { path: '/play?game=amber-fortune', signedIn: false },
  { path: '/play?game=amber-fortune', signedIn: true },
];
const PLAY_CLS_BUDGET = 0.02;
// Layout shift is measured (not asserted) on every profile screen, signed in as the demo player.
// …and on the home page with a CLS budget of 0.02, signed out and in; /play has its own rows below.
const PUBLIC_CLS_PAGES = [
  { path: '/', signedIn: false },
  { path: '/', signedIn: true },
];
const PROFILE_SCREENS = [
  '',
  '/bonus',
  '/balance',
  '/deposit',
  '/withdrawal',
  '/history',
  '/loyalty',
  '/notification',
  '/affiliate_program',
  '/security',
  '/responsible_gaming',
];
const CLS_WIDTHS = [360, 1280];
/** CLS is measured on a quiet CPU and with Chrome's CPU throttling (4×), as on a slow phone. */
const CLS_THROTTLE = 4;
const CLS_COLUMNS = CLS_WIDTHS.flatMap((width) => [
  { width, rate: 1 },
  { width, rate: CLS_THROTTLE },
]);
/** @param {{ width: number; rate: number }} column */
const clsKey = ({ width, rate }) => (rate === 1 ? `${width}` : `${width}@${rate}x`);
const CLS_TARGET = 0.05;

const started = performance.now();
const build = spawnSync(process.execPath, ['node_modules/astro/bin/astro.mjs', 'build', '--silent'], {
  stdio: 'inherit',
});
if (build.status !== 0) process.exit(build.status ?? 1);
const buildSeconds = (performance.now() - started) / 1000;

const latest = JSON.parse(readFileSync('dist/builds/latest.json', 'utf8'));
/** @type {{ routes: string[] }} */
const meta = JSON.parse(readFileSync(`dist/builds/meta/${latest.id}.json`, 'utf8'));
const routePages = meta.routes.filter((route) => !/\/(404|500)$/.test(route)).length;

const server = await spawnServer({ port: parseEnv(process.env, ['BENCH_PORT']).BENCH_PORT, name: 'bench' });
const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
/**
 * @typedef {{
 *   name: string; kind: string; signedIn: boolean; htmlBytes: number; htmlGzip: number; scripts: number;
 *   jsGzip: number; budgetKb: number; react: boolean; apiClient: boolean; mediaBytes: number;
 * }} PageRow
 * @typedef {{ path: string; cls: Record<string, number> }} ClsRow
 */
/** @type {PageRow[]} */
const rows = [];
/** @type {ClsRow[]} */
const clsRows = [];
/** @type {ClsRow[]} */
const playClsRows = [];
try {
  const login = await fetch(`${server.base}/auth/token/login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: DEMO_PLAYER.email, password: DEMO_PLAYER.password }),
  });
  const { auth_token: token } = await login.json();
  const launch = async (/** @type {string} */ gameId) => {
    const answer = await fetch(`${server.base}/gmnggate/api`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ method: 'game_launch', game_id: gameId, mode: 'demo' }),
    });
    // The launch URL is relative when the game pages are this server's own.
    return `${new URL((await answer.json()).url, server.base).pathname}?theme=light`;
  };
  for (const { name, path: fixedPath, kind, signedIn, launch: gameId } of PAGES) {
    const path = gameId ? await launch(gameId) : fixedPath;
    const context = await browser.newContext({ locale: 'en-US' });
    if (signedIn) await context.addCookies([{ name: 'auth_token', value: token, url: server.base }]);
    const page = await context.newPage();
    const { html, scripts, jsGzip, react, apiClient, mediaBytes } = await measurePageJs(page, server.base + path);
    const budgetKb =
      kind === 'public'
        ? signedIn
          ? BUDGETS.publicSignedInJsKb
          : BUDGETS.publicJsKb
        : kind === 'game'
          ? BUDGETS.gameJsKb
          : BUDGETS.profileJsKb;
    rows.push({
      name,
      kind,
      signedIn: Boolean(signedIn),
      htmlBytes: html.length,
      htmlGzip: gzipSync(html).length,
      scripts,
      jsGzip,
      budgetKb,
      react,
      apiClient,
      mediaBytes,
    });
    await context.close();
  }
  /**
   * A page's layout shift in every column (width, CPU slowdown), signed in with `token` or not.
   * @param {string} path @param {string | null} token @param {string} [ready]
   */
  const clsOfPage = async (path, token, ready) => {
    /** @type {Record<string, number>} */
    const cls = {};
    for (const column of CLS_COLUMNS)
      cls[clsKey(column)] = await measureCls(browser, server.base, path, column.width, token, column.rate, ready);
    return cls;
  };
  for (const { path, signedIn } of PLAY_CLS) {
    const cls = await clsOfPage(path, signedIn ? token : null, '[data-play-modes][data-ready]');
    playClsRows.push({ path: `${path}${signedIn ? ' (in)' : ' (out)'}`, cls });
  }
  for (const screen of PROFILE_SCREENS) {
    const path = `/profile${screen}`;
    clsRows.push({ path, cls: await clsOfPage(path, token) });
  }
  for (const { path, signedIn } of PUBLIC_CLS_PAGES) {
    const cls = await clsOfPage(path, signedIn ? token : null, 'html[data-client-ready]');
    clsRows.push({ path: `${path}${signedIn ? ' (signed in)' : ''}`, cls });
  }
} finally {
  await browser.close();
  server.stop();
}

const pad = (/** @type {unknown} */ value, /** @type {number} */ width) => String(value).padStart(width);
console.log(
  `\nbuild: ${buildSeconds.toFixed(1)} s (budget ${BUDGETS.buildSeconds} s) · ${routePages} route ` +
    `pages, ${meta.routes.length} files with error screens\n`,
);
/** @type {Parameters<typeof tableLines<PageRow>>[0]} */
const PAGE_COLUMNS = [
  { title: 'page', width: 20, left: true, cell: (row) => row.name },
  { title: 'HTML B', width: 9, cell: (row) => row.htmlBytes },
  { title: 'HTML gz', width: 9, cell: (row) => row.htmlGzip },
  { title: 'scripts', width: 9, cell: (row) => row.scripts },
  { title: 'JS gz KB', width: 10, cell: (row) => (row.jsGzip / KB).toFixed(2) },
  { title: 'budget', width: 8, cell: (row) => `${row.budgetKb}` },
  { title: 'React', width: 7, cell: (row) => (row.react ? 'yes' : 'no') },
  { title: 'API', width: 5, cell: (row) => (row.apiClient ? 'yes' : 'no') },
  { title: 'img+snd B', width: 11, cell: (row) => row.mediaBytes },
];
console.log(tableLines(PAGE_COLUMNS, rows).join('\n'));
/** A CLS figure to 3 decimals, marked `!` over its limit. */
const clsCell = (/** @type {number | undefined} */ value = NaN, /** @type {number} */ limit) =>
  `${value.toFixed(3)}${value > limit ? '!' : ''}`;
console.log(`\n/play layout shift (CLS until the mode buttons show; budget ≤ ${PLAY_CLS_BUDGET}, asserted)\n`);
for (const { path, cls } of playClsRows) {
  console.log(
    path.padEnd(36) + CLS_COLUMNS.map((column) => pad(clsCell(cls[clsKey(column)], PLAY_CLS_BUDGET), 14)).join(''),
  );
}

console.log(`\nlayout shift (CLS, largest session window; target ≤ ${CLS_TARGET}, measured, not asserted)\n`);
console.log(
  'profile screen'.padEnd(30) +
    CLS_COLUMNS.map((column) =>
      pad(column.rate === 1 ? `${column.width} px` : `${column.width} ${column.rate}×CPU`, 14),
    ).join(''),
);
for (const { path, cls } of clsRows) {
  console.log(
    path.padEnd(30) + CLS_COLUMNS.map((column) => pad(clsCell(cls[clsKey(column)], CLS_TARGET), 14)).join(''),
  );
}

const broken = [
  buildSeconds > BUDGETS.buildSeconds && `build took ${buildSeconds.toFixed(1)} s`,
  ...rows
    .filter((row) => row.jsGzip > row.budgetKb * KB)
    .map((row) => `${row.name} loads ${(row.jsGzip / KB).toFixed(2)} KB of JS`),
  ...rows
    .filter((row) => row.kind === 'public' && row.react)
    .map((row) => `${row.name} loads React before interaction`),
  ...rows
    .filter((row) => row.kind === 'public' && !row.signedIn && row.apiClient)
    .map((row) => `${row.name} loads the API client signed out`),
  ...rows
    .filter((row) => row.kind === 'game' && row.mediaBytes > GAME_MEDIA_BUDGET_KB * KB)
    .map((row) => `${row.name} loads ${row.mediaBytes} B of images and sounds`),
  ...playClsRows.flatMap(({ path, cls }) =>
    Object.entries(cls)
      .filter(([, value]) => value > PLAY_CLS_BUDGET)
      .map(([column, value]) => `${path} CLS ${value.toFixed(3)} at ${column}`),
  ),
].filter(Boolean);

mkdirSync('bench-results', { recursive: true });
writeFileSync(
  'bench-results/latest.json',
  JSON.stringify({ buildSeconds, routePages, rows, cls: clsRows, playCls: playClsRows, broken }, null, 2),
);
if (broken.length) {
  console.error(`\n✖ budget broken: ${broken.join('; ')}`);
  process.exit(1);
}
console.log('\n✔ every budget holds');

/**
 * CLS as web-vitals defines it: the largest session window of layout shifts without recent
 * input (shifts less than 1 s apart, a window at most 5 s long), collected from navigation
 * until the page and its islands have settled. With `cpuRate` above 1, Chrome's CPU throttling.
 * @param {import('@playwright/test').Browser} browser @param {string} base @param {string} path
 * @param {number} width @param {string | null} token
 */
async function measureCls(browser, base, path, width, token, cpuRate = 1, ready = 'astro-island:not([ssr])') {
  const context = await browser.newContext({ locale: 'en-US', viewport: { width, height: 780 } });
  if (token) await context.addCookies([{ name: 'auth_token', value: token, url: base }]);
  const page = await context.newPage();
  // A slow device: scripts and rendering run `cpuRate` times slower, so late renders show their shifts.
  if (cpuRate > 1) await (await context.newCDPSession(page)).send('Emulation.setCPUThrottlingRate', { rate: cpuRate });
  await page.addInitScript(() => {
    /** @type {{ time: number; value: number }[]} */
    const shifts = [];
    /** @type {Window & { __shifts?: typeof shifts }} */ (window).__shifts = shifts;
    new PerformanceObserver((list) => {
      // Layout-shift entries (LayoutShift, which TypeScript's DOM library does not describe).
      for (const entry of /** @type {(PerformanceEntry & { hadRecentInput: boolean; value: number })[]} */ (
        list.getEntries()
      ))
        if (!entry.hadRecentInput) shifts.push({ time: entry.startTime, value: entry.value });
    }).observe({ type: 'layout-shift', buffered: true });
  });
  await page.goto(base + path, { waitUntil: 'networkidle' });
  await page.locator(ready).first().waitFor({ state: 'attached' });
  // Two frames after the network is idle, so the last render's shifts are reported.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  const shifts = await page.evaluate(
    () => /** @type {Window & { __shifts?: { time: number; value: number }[] }} */ (window).__shifts ?? [],
  );
  await context.close();
  let worst = 0;
  let session = { start: -Infinity, last: -Infinity, value: 0 };
  for (const { time, value } of shifts) {
    if (time - session.last > 1000 || time - session.start > 5000) session = { start: time, last: time, value: 0 };
    session.value += value;
    session.last = time;
    worst = Math.max(worst, session.value);
  }
  return worst;
}
