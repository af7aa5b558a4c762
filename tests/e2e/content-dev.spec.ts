// The editor's preview: `astro dev` on a copy of the content (CONTENT_DIR), so the real files are
// never touched. A broken file is left out of its page, and the page shows the check's own lines
// (file:line: what is wrong → what to do) above its content, instead of the last good version;
// the other entries and languages stay as they are; a fix shows at once.
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
const japanese = join(content, 'faq/ja/withdrawal-time.md');
const originalJapanese = readFileSync('src/content/faq/ja/withdrawal-time.md', 'utf8');
let server: ChildProcess | undefined;

test.describe.configure({ mode: 'serial', timeout: 180_000 });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  cpSync('src/content', content, { recursive: true, filter: (path) => !/\.m?ts$|\.mjs$/.test(path) });
  server = spawn(
    process.execPath,
    ['node_modules/astro/bin/astro.mjs', 'dev', '--port', String(DEV_PORT), '--host', '127.0.0.1', '--strictPort'],
    {
      env: { ...process.env, CONTENT_DIR: content },
      stdio: 'ignore',
      detached: true, // its own process group, so afterAll stops Vite's children too
    },
  );
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
async function eventually(page: Page, check: () => Promise<void>, path = '/faq') {
  await expect(async () => {
    await page.goto(`${base}${path}`);
    await check();
  }).toPass({ timeout: 60_000 });
}

test("broken front matter: entry left out with the check's line shown, the rest stays, the fix shows at once", async ({
  page,
}) => {
  await page.goto(`${base}/faq`);
  await expect(page.locator('#withdrawal-time h3')).toHaveText(/^question: (.*)$/m.exec(original)![1]!);
  await expect(page.locator('.content-problems')).toHaveCount(0);

  writeFileSync(entry, original.replace(/^question: .*\n/m, ''));
  const notice = page.locator('.content-problems');
  await eventually(page, () =>
    expect(notice.locator('li')).toHaveText(
      [/faq\/en\/withdrawal-time\.md:4: "question" is missing → add a line question: … before this ---$/],
      { timeout: 5_000 },
    ),
  );
  await expect(notice.locator('h2')).toHaveText('Preview: one text needs fixing');
  await expect(page.locator('#withdrawal-time')).toHaveCount(0);
  // Every other entry is still there, and the other languages too.
  await expect(page.locator('#verify-account h3')).toBeVisible();
  await expect(page.locator('vite-error-overlay')).toHaveCount(0);
  await page.goto(`${base}/ja/faq`);
  await expect(page.locator('#verify-account h3')).toBeVisible();
  await expect(page.locator('.content-problems li')).toHaveCount(1);
  await page.goto(`${base}/faq`);

  writeFileSync(entry, original.replace(/^question: .*$/m, 'question: How long does a payout take?'));
  await eventually(page, () =>
    expect(page.locator('#withdrawal-time h3')).toHaveText('How long does a payout take?', { timeout: 5_000 }),
  );
});

test('a script in Markdown does not run in the preview; the page names the line instead', async ({ page }) => {
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  writeFileSync(
    entry,
    `${original.trimEnd()}\n\n<script>document.title = "owned"; alert(1)</script>\n\n<img src="x" ` +
      `onerror="alert(2)">\n\n[Click](javascript:alert(3))\n`,
  );
  const script = original.trimEnd().split('\n').length + 2; // after the file and one empty line
  const notice = page.locator('.content-problems');
  await eventually(page, () =>
    expect(notice).toContainText(`faq/en/withdrawal-time.md:${script}: raw HTML <script> is not allowed`, {
      timeout: 5_000,
    }),
  );
  await expect(notice).toContainText(`faq/en/withdrawal-time.md:${script + 2}: raw HTML <img`);
  await expect(notice).toContainText(
    `faq/en/withdrawal-time.md:${script + 4}: "javascript:alert(3)" uses "javascript:"`,
  );
  expect(await page.title()).not.toBe('owned');
  expect(dialogs).toEqual([]);
  writeFileSync(entry, original);
});

test("a broken translation is left out of its language only: English stands in, linking that language's pages", async ({
  page,
}) => {
  writeFileSync(japanese, originalJapanese.replace('question:', 'category: withdrawals\nquestion:'));
  await eventually(
    page,
    () =>
      expect(page.locator('.content-problems li')).toHaveText(
        [/faq\/ja\/withdrawal-time\.md:2: "category" is set only in the English file → delete this line; /],
        { timeout: 5_000 },
      ),
    '/ja/faq',
  );
  const standIn = page.locator('#withdrawal-time');
  await expect(standIn).toHaveAttribute('lang', 'en');
  await expect(standIn.locator('h3')).toHaveText('How long does a withdrawal take?');
  // Its link to another entry goes to the Japanese FAQ, like the translation's would.
  await expect(standIn.getByRole('link', { name: 'verify your identity' })).toHaveAttribute(
    'href',
    '/ja/faq#verify-account',
  );
  await expect(page.locator('#verify-account h3')).not.toHaveAttribute('lang', 'en');

  writeFileSync(japanese, originalJapanese);
  await eventually(
    page,
    () =>
      expect(page.locator('#withdrawal-time h3')).toHaveText('出金にはどのくらい時間がかかりますか？', {
        timeout: 5_000,
      }),
    '/ja/faq',
  );
  await expect(page.locator('.content-problems')).toHaveCount(0);
});
