// The editor's preview: `astro dev` on a copy of the content (CONTENT_DIR), so the real files are
// never touched. A broken file must show on the page as Astro's error overlay, naming the file
// and line, instead of the last good version; a fix must show at once.
import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';

const DEV_PORT = Number(process.env.E2E_DEV_PORT) || 4644;
const base = `http://127.0.0.1:${DEV_PORT}`;
const temp = mkdtempSync(join(tmpdir(), 'content-dev-'));
const content = join(temp, 'content');
const entry = join(content, 'faq/en/withdrawal-time.md');
const original = readFileSync('src/content/faq/en/withdrawal-time.md', 'utf8');
let server: ChildProcess | undefined;

test.describe.configure({ mode: 'serial', timeout: 180_000 });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  cpSync('src/content', content, { recursive: true, filter: (path) => !/\.m?ts$|\.mjs$/.test(path) });
  server = spawn(process.execPath, ['node_modules/astro/bin/astro.mjs', 'dev', '--port', String(DEV_PORT), '--host', '127.0.0.1', '--strictPort'], {
    env: { ...process.env, CONTENT_DIR: content },
    stdio: 'ignore',
    detached: true, // its own process group, so afterAll stops Vite's children too
  });
  await expect(async () => {
    expect((await fetch(`${base}/faq`)).status).toBe(200);
  }).toPass({ timeout: 170_000, intervals: [500] });
});

test.afterAll(() => {
  try {
    if (server?.pid) process.kill(-server.pid, 'SIGTERM');
  } catch {
    // already gone
  }
  rmSync(temp, { recursive: true, force: true });
});

/** Reloads until the page shows what the saved file says (the dev server picks changes up in the background). */
async function eventually(page: Page, check: () => Promise<void>) {
  await expect(async () => {
    await page.goto(`${base}/faq`);
    await check();
  }).toPass({ timeout: 60_000 });
}

test('broken front matter shows as an error on the page, and the fix shows at once', async ({ page }) => {
  await page.goto(`${base}/faq`);
  await expect(page.locator('#withdrawal-time h3')).toHaveText(/^question: (.*)$/m.exec(original)![1]!);

  writeFileSync(entry, original.replace(/^question: .*\n/m, ''));
  const overlay = page.locator('vite-error-overlay');
  await eventually(page, () => expect(overlay).toContainText('faq/en/withdrawal-time.md:4: "question" is missing → add a line question: … before this ---', { timeout: 5_000 }));
  await expect(page.locator('#withdrawal-time')).toHaveCount(0);

  writeFileSync(entry, original.replace(/^question: .*$/m, 'question: How long does a payout take?'));
  await eventually(page, () => expect(page.locator('#withdrawal-time h3')).toHaveText('How long does a payout take?', { timeout: 5_000 }));
});

test('a script in Markdown does not run in the preview; the page names the line instead', async ({ page }) => {
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  writeFileSync(entry, `${original.trimEnd()}\n\n<script>document.title = "owned"; alert(1)</script>\n\n<img src="x" onerror="alert(2)">\n\n[Click](javascript:alert(3))\n`);
  const script = original.trimEnd().split('\n').length + 2; // after the file and one empty line
  const overlay = page.locator('vite-error-overlay');
  await eventually(page, () => expect(overlay).toContainText(`faq/en/withdrawal-time.md:${script}: raw HTML <script> is not allowed`, { timeout: 5_000 }));
  await expect(overlay).toContainText(`faq/en/withdrawal-time.md:${script + 2}: raw HTML <img`);
  await expect(overlay).toContainText(`faq/en/withdrawal-time.md:${script + 4}: "javascript:alert(3)" uses "javascript:"`);
  expect(await page.title()).not.toBe('owned');
  expect(dialogs).toEqual([]);
  writeFileSync(entry, original);
});
