// The browser editor as an editor uses it: `npm run cms`, open the FAQ entry, edit the Japanese
// answer beside the English one, publish; the change is in the file and `npm run i18n:check` is
// green. Then "+ FAQ": a new entry under the short id the editor types, in English only; then
// deleting it, a translation first, English only with the id typed. The eye button's preview is the
// site's own markup and CSS, in the language being written. The files are restored
// afterwards, whatever happens. With E2E_DOCS_SCREENSHOTS=1 it also takes the pictures of
// docs/editing.md (docs/images/cms-*.png).
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { promisify } from 'node:util';
import { expect, test, type Page } from '@playwright/test';

const CMS_PORT = Number(process.env.E2E_CMS_PORT) || 4676;
const base = `http://127.0.0.1:${CMS_PORT}`;
const FILE = 'src/content/faq/ja/withdrawal-time.md';
const original = readFileSync(FILE, 'utf8');
let cms: ChildProcess | undefined;
/** The key of this run, from the address `npm run cms` prints (`…/admin/#key=…`). */
let key = '';

/** A picture for docs/editing.md, only when asked for: every run would otherwise change the files. */
const docsPicture = async (page: Page, name: string) => {
  if (process.env.E2E_DOCS_SCREENSHOTS === '1') await page.screenshot({ path: `docs/images/${name}.png` });
};

test.describe.configure({ mode: 'serial', timeout: 120_000 });

test.beforeAll(async () => {
  cms = spawn('npm', ['run', 'cms'], {
    env: { ...process.env, CMS_PORT: String(CMS_PORT) },
    stdio: ['ignore', 'pipe', 'inherit'],
    detached: true, // its own process group: afterAll stops npm and the editor
  });
  let printed = '';
  cms.stdout!.on('data', (chunk: Buffer) => (printed += chunk));
  await expect(async () => {
    key = /\/admin\/#key=([\w-]+)/.exec(printed)?.[1] ?? '';
    expect(key).not.toBe('');
    const info = await fetch(`${base}/api/v1`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-cms-key': key },
      body: '{"action":"info"}',
    });
    expect(info.status).toBe(200);
  }).toPass({ timeout: 60_000, intervals: [250] });
});

/** The new entry the second test creates. */
const NEW_ID = 'change-email';
const newEntryFiles = () =>
  readdirSync('src/content/faq', { withFileTypes: true })
    .filter((locale) => locale.isDirectory())
    .map((locale) => `src/content/faq/${locale.name}/${NEW_ID}.md`)
    .filter((path) => existsSync(path));

test.afterAll(() => {
  writeFileSync(FILE, original);
  for (const path of newEntryFiles()) rmSync(path);
  try {
    if (cms?.pid) process.kill(-cms.pid, 'SIGTERM');
  } catch {
    // already gone
  }
});

test('an editor changes a Japanese answer in the browser, and the check stays green', async ({ page }) => {
  await page.setViewportSize({ width: 1400, height: 900 });
  // The address `npm run cms` printed: the page keeps the key for this tab and takes it out of the address bar.
  await page.goto(`${base}/admin/#key=${key}`);
  await expect(page).not.toHaveURL(/key=/);
  // The local editor needs no account: one click.
  await page.getByRole('button', { name: 'Login' }).click();
  await page.goto(`${base}/admin/#/collections/faq/entries/withdrawal-time`);

  // English on the left with the structure fields (category from the one list, order a number) …
  await expect(page.getByText(/^Writing in en$/i)).toBeVisible({ timeout: 30_000 });
  const category = page.locator('select, [class*="singleValue"]').filter({ hasText: 'withdrawals' }).first();
  await expect(category).toBeVisible();
  await expect(page.locator('input[type="number"]:visible')).toHaveValue('5');
  // … and a translation beside it; switch it to Japanese.
  await page.getByText(/^Writing in (?!en)[a-z]{2}$/i).click();
  await page.getByRole('menuitem', { name: /^ja$/i }).click();
  await expect(page.getByText(/^Writing in ja$/i)).toBeVisible();
  await docsPicture(page, 'cms-entry');
  // The translation has only its own fields: no second category or order.
  await expect(page.locator('input[type="number"]:visible')).toHaveCount(1);

  const japanese = page.locator('[data-slate-editor="true"]').nth(1);
  await expect(japanese).toContainText('出金が却下された場合');
  // Click right of the last line, so the caret lands at the paragraph's end by the click itself:
  // Slate takes the browser's selection into its own a little later (throttled), and a click
  // followed by End could leave a stale selection at the click point that the typing then jumps to.
  const last = japanese.locator('p').last();
  const box = (await last.boundingBox())!;
  await last.click({ position: { x: box.width - 2, y: box.height - 4 } });
  await expect
    .poll(() =>
      last.evaluate((paragraph) => {
        const selection = getSelection();
        if (!selection?.isCollapsed || !selection.anchorNode || !paragraph.contains(selection.anchorNode)) return false;
        const rest = document.createRange();
        rest.selectNodeContents(paragraph);
        rest.setStart(selection.anchorNode, selection.anchorOffset);
        return rest.toString().replace(/\uFEFF/g, '') === '';
      }),
    )
    .toBe(true);
  const added = '出金の状況は履歴でいつでも確認できます。';
  await page.keyboard.type(added);

  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  await page.getByRole('menuitem', { name: 'Publish now' }).click();
  await expect(page.getByRole('button', { name: 'Published' })).toBeVisible({ timeout: 30_000 });

  // The change is in the file, as written, and nothing else of it changed.
  await expect.poll(() => readFileSync(FILE, 'utf8'), { timeout: 10_000 }).toBe(original.replace(/\n$/, `${added}\n`));
  // Only the Japanese file: the English one keeps its category and order.
  expect(readFileSync('src/content/faq/en/withdrawal-time.md', 'utf8')).toContain('category: withdrawals\norder: 5\n');

  const { stdout } = await promisify(execFile)(process.execPath, ['scripts/i18n-check.mjs']);
  expect(stdout).toMatch(
    /^i18n:check: 14 locales × \d+ message sets and \d+ Markdown entries: all present, translated and valid/,
  );
  // Put the file back now, not only after all tests: a run stopped before afterAll must not leave
  // the test's sentence in the checkout (where it could be committed).
  writeFileSync(FILE, original);
});

test("the preview shows a Japanese entry and a German rules section in the site's layout", async ({ page }) => {
  await page.setViewportSize({ width: 1400, height: 900 });
  await page.goto(`${base}/admin/#key=${key}`);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.goto(`${base}/admin/#/collections/faq/entries/withdrawal-time`);
  await expect(page.getByText(/^Writing in en$/i)).toBeVisible({ timeout: 30_000 });
  // The eye button puts the preview on the right; the left side's language is the one previewed.
  await page.getByTitle('Toggle preview').click();
  await page.getByText(/^Writing in en$/i).click();
  await page.getByRole('menuitem', { name: /^ja$/i }).click();
  await expect(page.getByText(/^Writing in ja$/i)).toBeVisible();

  const preview = page.frameLocator('#preview-pane');
  // The FAQ page's own elements and classes (FaqList.astro), marked Japanese …
  const main = preview.locator('main#main[data-site-preview]');
  await expect(main).toHaveAttribute('lang', 'ja', { timeout: 30_000 });
  await expect(main).toHaveAttribute('dir', 'ltr');
  const article = main.locator('.container > section.faq-topic > article.faq-entry.prose#withdrawal-time');
  await expect(article.locator('h3')).toHaveText('出金にはどのくらい時間がかかりますか？');
  // … the Japanese answer, its Markdown rendered (the link to the verification entry) …
  await expect(article).toContainText('初回出金の前に');
  await expect(article.getByRole('link', { name: '本人確認' })).toHaveAttribute('href', '/faq#verify-account');
  await expect(preview.locator('body')).not.toContainText('How long does a withdrawal take');
  // … and the site's built CSS on it: the page's background and font, the FAQ card's border and corners.
  const style = (locator: typeof main, property: string) =>
    locator.evaluate((element, name) => getComputedStyle(element).getPropertyValue(name), property);
  expect(await style(preview.locator('body'), 'background-color')).toBe('rgb(251, 250, 247)');
  expect(await style(preview.locator('body'), 'font-family')).toContain('Noto Sans CJK JP');
  expect(await style(article, 'border-top-left-radius')).toBe('12px');
  expect(await style(article, 'border-top-color')).toBe('rgb(214, 211, 209)');
  expect(await style(article, 'background-color')).toBe('rgb(255, 255, 255)');
  expect(await style(article.locator('h3'), 'font-size')).toBe('18px');
  await docsPicture(page, 'cms-preview');

  // A section of the rules page as that page draws it (ContentSections.astro), here in German.
  // A new page load: Decap keeps the entry it shows across a change of the address alone.
  const rules = `${base}/admin/#/collections/rules/entries/terms-of-play`;
  await page.goto(rules);
  await page.reload();
  const login = page.getByRole('button', { name: 'Login' });
  await expect(login.or(page.getByText(/^Writing in en$/i))).toBeVisible({ timeout: 30_000 });
  if (await login.isVisible()) {
    await login.click();
    await page.goto(rules);
  }
  await expect(page.getByText(/^Writing in en$/i)).toBeVisible({ timeout: 30_000 });
  const section = preview.locator('main#main .container > section.prose.content-section#terms-of-play');
  // Decap remembers that the preview was open (in the tab's storage), so it opens with it.
  await expect(section.locator('h2')).toHaveText('Terms of play', { timeout: 30_000 });
  await page.getByText(/^Writing in en$/i).click();
  await page.getByRole('menuitem', { name: /^de$/i }).click();
  await expect(section.locator('h2')).toHaveText('Spielbedingungen');
  await expect(preview.locator('main#main')).toHaveAttribute('lang', 'de');
  await expect(section.locator('li').first()).toContainText('mindestens 18 Jahre alt');
  expect(await style(section, 'max-width')).toBe('768px');
});

test('"New FAQ" writes the English entry only, under the id the editor chose', async ({ page }) => {
  // Three publishes and a status run: longer than the edit above.
  test.setTimeout(240_000);
  expect(newEntryFiles()).toEqual([]);
  await page.setViewportSize({ width: 1400, height: 900 });
  await page.goto(`${base}/admin/#key=${key}`);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.goto(`${base}/admin/#/collections/faq/new`);
  await expect(page.getByText(/^Writing in en$/i)).toBeVisible({ timeout: 30_000 });

  // The English side (the first of each field) holds the question, the id and the structure.
  await page.locator('input[id^="question-field"]').first().fill('Can I change my email address?');
  const id = page.getByRole('textbox', { name: /^Id \(the address/ });
  // Decap's field keeps its own state: select what is there and type over it, as a person does.
  const typeId = async (value: string) => {
    await id.click();
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type(value);
    await expect(id).toHaveValue(value);
  };
  await typeId('Change Email');
  await page.locator('[id^="category-field"]').first().click();
  await page.getByText('account', { exact: true }).click();
  await page.locator('input[type="number"]:visible').first().fill('20');
  await page.locator('[data-slate-editor="true"]').first().click();
  await page.keyboard.type('Yes: write to {support_email} from the address you signed up with.');

  const publish = async () => {
    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    await page.getByRole('menuitem', { name: 'Publish now' }).click();
  };
  // A malformed id is refused in the editor, a taken one by the editor's server: each with what to do.
  await publish();
  await expect(page.getByText('Lower-case letters, digits and hyphens, e.g. change-email')).toBeVisible();
  await typeId('withdrawal-time');
  await publish();
  await expect(page.getByText(/the id "withdrawal-time" is taken by another entry/)).toBeVisible({ timeout: 30_000 });
  expect(readdirSync('src/content/faq/en')).not.toContain('withdrawal-time-1.md');

  await typeId(NEW_ID);
  await docsPicture(page, 'cms-new-entry');
  await publish();
  await expect(page.getByRole('button', { name: 'Published' })).toBeVisible({ timeout: 30_000 });
  await expect.poll(newEntryFiles, { timeout: 10_000 }).toEqual([`src/content/faq/en/${NEW_ID}.md`]);
  expect(readFileSync(`src/content/faq/en/${NEW_ID}.md`, 'utf8')).toBe(
    '---\nquestion: Can I change my email address?\ncategory: account\norder: 20\n---\n' +
      'Yes: write to {support_email} from the address you signed up with.\n',
  );

  // The editor marks each language of the entry: all 13 missing.
  await page.goto(`${base}/admin/#/collections/faq/entries/${NEW_ID}`);
  const marks = page.getByRole('complementary', { name: 'Translation status' });
  await marks.getByText('Translations: 0 stale, 13 missing').click({ timeout: 30_000 });
  await expect(marks.locator('li[data-state="missing"]')).toHaveCount(13);
  await expect(marks.locator('li[data-locale="ja"]')).toHaveText('ja: missing');
  await docsPicture(page, 'cms-translation-status');

  // Missing in the 13 other languages, each with the command that starts it.
  const { stdout } = await promisify(execFile)(process.execPath, ['scripts/i18n-status.mjs']);
  const missing = stdout.split('\n').filter((line) => line.startsWith(`faq/${NEW_ID}  `));
  expect(missing).toHaveLength(13);
  expect(missing).toContain(`faq/${NEW_ID}  de: missing (npm run i18n:new -- faq/${NEW_ID} de)`);
});

test('deleting asks which languages, and English only with the id typed', async ({ page }) => {
  test.setTimeout(240_000);
  // The entry of the test above, with a German translation written meanwhile.
  expect(newEntryFiles()).toEqual([`src/content/faq/en/${NEW_ID}.md`]);
  writeFileSync(`src/content/faq/de/${NEW_ID}.md`, '---\nquestion: Kann ich meine E-Mail-Adresse ändern?\n---\nJa.\n');
  await page.setViewportSize({ width: 1400, height: 900 });
  await page.goto(`${base}/admin/#key=${key}`);
  await page.getByRole('button', { name: 'Login' }).click();
  const marks = page.getByRole('complementary', { name: 'Translation status' });
  const entry = `${base}/admin/#/collections/faq/entries/${NEW_ID}`;
  /** The entry's panel and its delete form opened; after a delete the page reloads by itself. */
  const openDeleteForm = async (summary: string) => {
    const login = page.getByRole('button', { name: 'Login' });
    const folded = marks.getByText(summary);
    await expect(login.or(folded)).toBeVisible({ timeout: 30_000 });
    if (await login.isVisible()) {
      await login.click({ timeout: 10_000 });
      await page.goto(entry, { timeout: 30_000 });
    }
    // Open each fold unless the panel kept it open (it keeps what was opened when it is redrawn).
    for (const summary of [folded, marks.getByText('Delete languages…')]) {
      await expect(summary).toBeVisible({ timeout: 30_000 });
      const details = summary.locator('xpath=..');
      if (!(await details.evaluate((d) => (d as HTMLDetailsElement).open, undefined, { timeout: 10_000 })))
        await summary.click({ timeout: 10_000 });
    }
  };

  await page.goto(entry);
  await openDeleteForm('Translations: 0 stale, 12 missing');
  // Only the languages that have a file, and English, can be ticked.
  await expect(marks.getByRole('checkbox')).toHaveCount(2);
  await marks.getByLabel('de', { exact: true }).check();
  // The page reloads itself after a delete: wait for that, so nothing below acts on the old page.
  const reloaded = page.waitForEvent('load', { timeout: 30_000 });
  await marks.getByRole('button', { name: 'Delete' }).click({ timeout: 10_000 });
  await reloaded;
  await expect.poll(newEntryFiles, { timeout: 10_000 }).toEqual([`src/content/faq/en/${NEW_ID}.md`]);

  await openDeleteForm('Translations: 0 stale, 13 missing');
  await marks.getByLabel(/en \(the whole entry/).check();
  const typed = marks.getByLabel(/^Type the id/);
  await expect(typed).toBeVisible();
  await typed.fill('change');
  await docsPicture(page, 'cms-delete');
  await marks.getByRole('button', { name: 'Delete' }).click();
  await expect(marks.getByRole('status')).toHaveText(
    `Not deleted: deleting en deletes the entry in every language: type its id "${NEW_ID}" to confirm`,
  );
  expect(newEntryFiles()).toEqual([`src/content/faq/en/${NEW_ID}.md`]);
  await typed.fill(NEW_ID);
  // Deleting English goes back to the list and reloads the page: let that finish, since closing
  // the browser while the page reloads can hang past the test's time.
  const backToList = page.waitForEvent('load', { timeout: 30_000 });
  await marks.getByRole('button', { name: 'Delete' }).click();
  await backToList;
  await expect(page).toHaveURL(/#\/collections\/faq$/, { timeout: 10_000 });
  await expect.poll(newEntryFiles, { timeout: 10_000 }).toEqual([]);
});
