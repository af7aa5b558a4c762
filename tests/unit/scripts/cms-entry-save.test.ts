// Saves through the browser editor's own backend (the editor API with decap-server's file handler,
// as `npm run cms` serves it) into a throwaway git checkout: a save writes only what an editor
// wrote, in the repository's Markdown style, and a new entry gets the id the editor chose.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cmsConfig } from '../../../scripts/cms/config.mjs';
import { contentAreas, contentPathGate } from '../../../scripts/cms/content-paths.mjs';
import { decapFsHandler } from '../../../scripts/cms/decap-fs-handler.mjs';
import { editorApi } from '../../../scripts/cms/editor-api.mjs';
import { entryDelete } from '../../../scripts/cms/entry-delete.mjs';
import { entryStatus, statusSnapshot } from '../../../scripts/cms/entry-status.mjs';
import { houseStyleMarkdown } from '../../../scripts/cms/markdown-house-style.mjs';

const root = mkdtempSync(join(tmpdir(), 'cms-save-'));
const key = 'k'.repeat(43);
let server: Server;
let port = 0;

const git = (...args: string[]) => execFileSync('git', args, { cwd: root, encoding: 'utf8' });
const put = (path: string, text: string) => {
  mkdirSync(dirname(join(root, path)), { recursive: true });
  writeFileSync(join(root, path), text);
};
const english = (answer: string) => `---\nquestion: What can I do?\ncategory: account\norder: 1\n---\n${answer}\n`;
/** One commit at a fixed date (the author's and the committer's), never today's. */
const commit = (date: string, files: Record<string, string>) => {
  for (const [path, text] of Object.entries(files)) put(path, text);
  git('add', '.');
  execFileSync('git', ['commit', '-q', '-m', date], {
    cwd: root,
    env: { ...process.env, GIT_AUTHOR_DATE: date, GIT_COMMITTER_DATE: date },
  });
};
const call = async (action: string, params: Record<string, unknown>) => {
  const answer = await fetch(`http://127.0.0.1:${port}/api/v1`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-cms-key': key },
    body: JSON.stringify({ action, params: { branch: 'main', ...params } }),
  });
  return { status: answer.status, value: await answer.json() };
};
const save = (dataFiles: { path: string; raw: string; slug: string }[], newEntry = false) =>
  call('persistEntry', {
    branch: 'main',
    dataFiles,
    assets: [],
    options: { newEntry, collectionName: 'faq', commitMessage: 'Update', useWorkflow: false, status: 'draft' },
  });

const LIST = ['Einzahlung', 'Auszahlung', 'Kontostand', 'Bonus', 'Treueprogramm', 'Limits', 'Pause', 'Hilfe'];
const german = (items: string[], bullet: string) =>
  `---\nquestion: Was kann ich tun?\n---\nSie können *jederzeit*:\n\n` +
  `${items.map((i) => `${bullet} ${i}`).join('\n')}\n`;

beforeAll(async () => {
  git('init', '-q', '-b', 'main');
  git('config', 'user.email', 'editor@amberplay.test');
  git('config', 'user.name', 'Editor');
  commit('2025-03-01T10:00:00Z', {
    'src/content/faq/en/features.md': english('Anything.'),
    'src/content/faq/de/features.md': german(LIST, '-'),
    'src/content/faq/ja/features.md': '---\nquestion: 何ができますか？\n---\n何でも。\n',
  });
  // English changes two days later; the newest commit is ten days after that.
  commit('2025-03-03T10:00:00Z', { 'src/content/faq/en/features.md': english('Anything you like.') });
  commit('2025-03-13T10:00:00Z', { 'src/content/faq/en/deposit.md': english('Cards.') });
  const config = cmsConfig();
  const gate = contentPathGate(root, contentAreas(config));
  const api = editorApi({
    key,
    gate,
    decap: await decapFsHandler({ root, logLevel: 'error' }),
    onRefusal: () => {},
    root,
    defaultLocale: 'en',
    status: entryStatus(join(root, 'src/content'), ['faq']),
    remove: entryDelete({
      collections: config.collections,
      locales: config.i18n.locales,
      defaultLocale: 'en',
      gate,
      root,
      exists: (path) => existsSync(join(root, path)),
    }),
  });
  server = createServer((req, res) => void api(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => {
  server?.close();
  rmSync(root, { recursive: true, force: true });
});

describe('saving through the editor backend', () => {
  it('a one-word edit of an 8-line list, written by Decap with * bullets, is a one-line git diff', async () => {
    const edited = LIST.map((item) => (item === 'Pause' ? 'Auszeit' : item));
    // What Decap's Markdown widget writes: `*` bullets, `*` emphasis.
    const answer = await save([{ path: 'src/content/faq/de/features.md', raw: german(edited, '*'), slug: 'features' }]);
    expect(answer.status).toBe(200);
    const diff = git('diff', '--unified=0', '--', 'src/content/faq/de/features.md');
    expect(diff.split('\n').filter((line) => /^[-+](?![-+]{2} )/.test(line))).toEqual(['-- Pause', '+- Auszeit']);
  });

  it('a new entry: its English file under the id the editor chose, no file for languages nobody wrote', async () => {
    const answer = await save(
      [
        {
          path: 'src/content/faq/en/change-email.md',
          raw:
            '---\nquestion: Can I change my email address?\nid: change-email\ncategory: account\norder: 2\n' +
            '---\nYes.\n',
          slug: 'change-email',
        },
        // Decap's files for the 13 languages nobody wrote yet: empty.
        { path: 'src/content/faq/de/change-email.md', raw: '', slug: 'change-email' },
        { path: 'src/content/faq/ja/change-email.md', raw: '---\n---\n', slug: 'change-email' },
      ],
      true,
    );
    expect(answer).toEqual({ status: 200, value: { message: 'entry persisted' } });
    expect(readFileSync(join(root, 'src/content/faq/en/change-email.md'), 'utf8')).toBe(
      '---\nquestion: Can I change my email address?\ncategory: account\norder: 2\n---\nYes.\n',
    );
    expect(readdirSync(join(root, 'src/content/faq/de'))).toEqual(['features.md']);
    expect(existsSync(join(root, 'src/content/faq/ja/change-email.md'))).toBe(false);
    // Read back, the English entry shows its id (the file's name) in the id field; translations have none.
    const read = await call('getEntry', { path: 'src/content/faq/en/change-email.md' });
    expect(read.value.data).toMatch(/^---\nid: change-email\nquestion: Can I change/);
    const listed = await call('entriesByFolder', { folder: 'src/content/faq/de', extension: 'md', depth: 1 });
    expect(listed.value[0].data).toBe(
      german(
        LIST.map((i) => (i === 'Pause' ? 'Auszeit' : i)),
        '-',
      ),
    );
  });

  it.each([
    // Decap made the file name unique (change-email-1): the editor learns the id is taken instead.
    ['src/content/faq/en/change-email-1.md', 'change-email', 'the id "change-email" is taken by another entry'],
    ['src/content/faq/en/change-email.md', 'change-email', 'the id "change-email" is taken by another entry'],
    ['src/content/faq/en/change-e-mail.md', 'Change E-Mail', 'the id "Change E-Mail" is not valid: use lower-case'],
  ])('a new entry at %s with id %j is refused with a clear message', async (path, id, message) => {
    const raw = `---\nquestion: Q?\nid: ${id}\ncategory: account\norder: 3\n---\nA.\n`;
    const answer = await save([{ path, raw, slug: id }], true);
    expect(answer.status).toBe(422);
    expect(answer.value.error).toContain(message);
    expect(existsSync(join(root, 'src/content/faq/en/change-email-1.md'))).toBe(false);
  });

  it('the id of an existing entry cannot change', async () => {
    const raw = '---\nid: what-i-can-do\nquestion: What can I do?\ncategory: account\norder: 1\n---\nAnything.\n';
    const answer = await save([{ path: 'src/content/faq/en/features.md', raw, slug: 'features' }]);
    expect(answer).toEqual({
      status: 422,
      value: { error: 'the id of an existing entry cannot change (it is its address): keep "features"' },
    });
  });
});

describe("the editor's translation marks", () => {
  it('per language: stale with its days and the English diff, up to date, missing', async () => {
    const answer = await call('translationStatus', { collection: 'faq', id: 'deposit' });
    expect(answer.status).toBe(200);
    expect(answer.value).toHaveLength(13);
    expect(answer.value[0]).toMatchObject({ locale: 'ru', state: 'missing' });
    const features = await call('translationStatus', { collection: 'faq', id: 'features' });
    const ja = features.value.find((row: { locale: string }) => row.locale === 'ja');
    expect(ja).toMatchObject({
      state: 'stale',
      days: 10,
      diff: ['@@ -5,2 +5,2 @@ order: 1', ' ---', '-Anything.', '+Anything you like.'],
    });
    // German was saved in the first test and not committed: newer than English.
    expect(features.value.find((row: { locale: string }) => row.locale === 'de')).toMatchObject({
      state: 'up to date',
    });
  });

  it('the editor built for a git host gets the same marks from its build (translation-status.json)', async () => {
    const snapshot = statusSnapshot(join(root, 'src/content'));
    const live = await call('translationStatus', { collection: 'faq', id: 'features' });
    expect(snapshot['faq/features']).toEqual(live.value);
    expect(snapshot['faq/deposit']).toHaveLength(13);
  });

  it.each([
    [{ collection: 'pages', id: 'features' }],
    [{ collection: 'faq', id: '../en/features' }],
    [{ collection: 'faq' }],
  ])('refuses anything but an entry of a collection: %j', async (params) => {
    expect((await call('translationStatus', params)).status).toBe(403);
  });
});

describe('deleting in the editor: which languages, and the id typed for English', () => {
  const files = ['en', 'de', 'fr'].map((locale) => `src/content/faq/${locale}/old-question.md`);
  const present = () => files.filter((path) => existsSync(join(root, path)));
  beforeAll(() => {
    put(files[0]!, english('Old.'));
    put(files[1]!, '---\nquestion: Alte Frage?\n---\nAlt.\n');
    put(files[2]!, '---\nquestion: Ancienne question ?\n---\nAncien.\n');
  });

  it("refuses Decap's own delete of an entry's files (all languages after one confirm): nothing deleted", async () => {
    const answer = await call('deleteFiles', { paths: files, options: { commitMessage: 'Delete' } });
    expect(answer).toEqual({
      status: 422,
      value: { error: expect.stringContaining('"Delete languages…"') },
    });
    expect((await call('deleteFile', { path: files[1], options: { commitMessage: 'x' } })).status).toBe(422);
    expect(present()).toEqual(files);
  });

  it('deletes only the chosen translation', async () => {
    const answer = await call('deleteTranslations', { collection: 'faq', id: 'old-question', locales: ['de'] });
    expect(answer).toEqual({ status: 200, value: { deleted: [files[1]] } });
    expect(present()).toEqual([files[0], files[2]]);
  });

  it.each([
    [{ locales: ['en'] }, 'type its id "old-question" to confirm'],
    [{ locales: ['en', 'fr'], confirmId: 'old' }, 'type its id "old-question" to confirm'],
    [{ locales: [] }, 'choose at least one language'],
    [{ locales: ['xx'] }, 'there is no language "xx"'],
    [{ locales: ['de'] }, 'none of these languages has a file'],
  ])('refuses %j and deletes nothing', async (params, message) => {
    const answer = await call('deleteTranslations', { collection: 'faq', id: 'old-question', ...params });
    expect(answer.status).toBe(422);
    expect(answer.value.error).toContain(message);
    expect(present()).toEqual([files[0], files[2]]);
  });

  it.each([[{ collection: 'pages' }], [{ id: '../en/features' }]])('refuses %j: no such entry', async (params) => {
    const answer = await call('deleteTranslations', {
      collection: 'faq',
      id: 'old-question',
      locales: ['fr'],
      ...params,
    });
    expect(answer.status).toBe(403);
    expect(present()).toEqual([files[0], files[2]]);
  });

  it('English with the id typed: the entry in every language', async () => {
    const answer = await call('deleteTranslations', {
      collection: 'faq',
      id: 'old-question',
      locales: ['en'],
      confirmId: 'old-question',
    });
    expect(answer).toEqual({ status: 200, value: { deleted: [files[0], files[2]] } });
    expect(present()).toEqual([]);
  });
});

describe('the house Markdown style', () => {
  it('writes - bullets, and leaves code, rules and emphasis alone', () => {
    const decap = '*Wichtig*:\n\n* one\n  * nested\n+ two\n\n* * *\n\n```\n* code\n```\n';
    expect(houseStyleMarkdown(decap)).toBe('*Wichtig*:\n\n- one\n  - nested\n- two\n\n* * *\n\n```\n* code\n```\n');
  });
});
