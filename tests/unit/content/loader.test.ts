// The content loader refuses what `npm run i18n:check` refuses: in a build it throws the same
// lines; in dev it keeps one "problems" entry that the page throws onto the error overlay.
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { LoaderContext } from 'astro/loaders';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { PROBLEMS_ID } from '../../../src/content/content-problems';
import { markdownCollection } from '../../../src/content/loader';

const project = join(import.meta.dirname, '../../..');
const temp = mkdtempSync(join(tmpdir(), 'content-loader-'));
const content = join(temp, 'content');
cpSync(join(project, 'src/content'), content, { recursive: true, filter: (path) => !/\.m?ts$|\.mjs$/.test(path) });
afterAll(() => rmSync(temp, { recursive: true, force: true }));
afterEach(() => {
  delete process.env.CONTENT_DIR;
});

/** A loader context with an in-memory store; `watcher` present means `astro dev`. */
function fakeContext(dev: boolean) {
  const entries = new Map<string, { id: string; data: Record<string, unknown>; digest?: string }>();
  const store = {
    get: (id: string) => entries.get(id),
    set: (entry: { id: string; data: Record<string, unknown>; digest?: string }) => entries.set(entry.id, entry),
    delete: (id: string) => entries.delete(id),
    clear: () => entries.clear(),
    keys: () => [...entries.keys()],
  };
  const context = {
    collection: 'faq',
    config: { root: pathToFileURL(`${project}/`) },
    store,
    logger: { error: () => {}, warn: () => {}, info: () => {} },
    parseData: async ({ data }: { data: Record<string, unknown> }) => data,
    renderMarkdown: async (text: string) => ({ html: text, metadata: { imagePaths: [] } }),
    generateDigest: (text: string) => text,
    watcher: dev ? { add: () => {}, on: () => {} } : undefined,
  };
  return { context: context as unknown as LoaderContext, entries };
}

describe('markdownCollection', () => {
  it('gives translations the category and order of their English entry', async () => {
    process.env.CONTENT_DIR = content;
    const { context, entries } = fakeContext(false);
    await markdownCollection('faq').load(context);
    const german = entries.get('de/withdrawal-time')!.data;
    expect(german).toMatchObject({ category: 'withdrawals', order: 5 });
    expect(german.question).toMatch(/Auszahlung/);
  });

  it('fails the build with the check’s file:line lines', async () => {
    process.env.CONTENT_DIR = content;
    writeFileSync(join(content, 'faq/ja/set-limits.md'), '---\nquestion: 制限: 設定\n---\n<script>alert(1)</script>\n');
    const { context } = fakeContext(false);
    await expect(markdownCollection('faq').load(context)).rejects.toThrow(
      new RegExp(
        String.raw`faq\/ja\/set-limits\.md:2: the front matter cannot be read \(bad indentation of a mapping entry\) ` +
          String.raw`→ put the value in double quotes: question: "制限: 設定"\n` +
          String.raw`.*faq\/ja\/set-limits\.md:4: raw HTML <script>`,
      ),
    );
  });

  it('in dev, leaves the broken file out and adds the problems, so the page shows them above the rest', async () => {
    process.env.CONTENT_DIR = content;
    const { context, entries } = fakeContext(true);
    await markdownCollection('faq').load(context);
    // Every other entry of every language is still there; only the broken Japanese file is left out.
    expect(entries.has(PROBLEMS_ID)).toBe(true);
    expect(entries.has('ja/set-limits')).toBe(false);
    expect(entries.has('en/set-limits')).toBe(true);
    expect(entries.has('ja/withdrawal-time')).toBe(true);
    expect(entries.size).toBe(14 * 14 + 1 - 1);
    expect(entries.get(PROBLEMS_ID)!.data.problems).toEqual([
      expect.stringMatching(/faq\/ja\/set-limits\.md:2: the front matter cannot be read/),
      expect.stringMatching(/faq\/ja\/set-limits\.md:4: raw HTML <script> is not allowed/),
    ]);
  });
});
