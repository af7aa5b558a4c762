// The content loader for our Markdown collections. Unlike Astro's glob() it runs the same rules
// as `npm run i18n:check` on every file, so:
// - `astro build` (and `astro check`) fail with the check's `file:line: … → …` messages;
// - in `astro dev` a broken file is left out (a translation's English entry stands in for it), and
//   the collection holds one more "problems" entry with the check's lines, which the page shows as
//   a notice above its content: one bad file never blanks a page for the other entries and languages.
// Translations carry only their text; `category` and `order` come from the English entry.
import { join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Loader, LoaderContext } from 'astro/loaders';
import { DEFAULT_LOCALE } from '../../core/i18n/locales.ts';
import { ContentProblems, PROBLEMS_ID } from './content-problems';
import { CONTENT_COLLECTIONS } from './lint/collections.mjs';
import { contentRoot, readContentTree, siteMap, type CollectionKey } from './lint/content-tree.mjs';
import { formatProblem, lintFile } from './lint/lint-file.mjs';
import { assetLookup } from './lint/assets.mjs';

export function markdownCollection(key: CollectionKey): Loader {
  const rules = CONTENT_COLLECTIONS[key];
  return {
    name: 'amberplay-markdown',
    load: async (context) => {
      const projectRoot = fileURLToPath(context.config.root);
      const root = contentRoot(projectRoot);
      let queue = Promise.resolve();
      const run = () =>
        (queue = queue
          .then(() => sync(context, root, projectRoot))
          .catch((error) => context.logger.error(String(error))));
      await sync(context, root, projectRoot);
      if (!context.watcher) return;
      context.watcher.add(root);
      context.watcher.on('all', (_event, path) => {
        if (path.startsWith(root) && path.endsWith('.md')) void run();
      });
    },
  };

  async function sync(
    { store, watcher, parseData, renderMarkdown, generateDigest, logger }: LoaderContext,
    root: string,
    projectRoot: string,
  ) {
    const tree = readContentTree(root);
    const site = siteMap(tree);
    const shown = (locale: string, id: string) => relative(projectRoot, join(root, rules.folder, locale, `${id}.md`));
    const problems: string[] = [];
    const files = Object.entries(tree[key]).flatMap(([locale, byId]) =>
      Object.entries(byId).flatMap(([id, text]) => {
        const file = shown(locale, id);
        const asset = assetLookup(projectRoot, join(root, rules.folder, locale, `${id}.md`));
        const result = lintFile({ file, text, locale, rules, site, asset });
        problems.push(...result.problems.map((problem) => formatProblem(file, problem)));
        // A broken file is left out of the page (dev only: the build stops below).
        return result.problems.length > 0 ? [] : [{ locale, id, text, file, data: result.data ?? {} }];
      }),
    );
    const keep = new Set<string>();
    if (problems.length > 0) {
      const error = new ContentProblems(problems);
      if (!watcher) throw error;
      logger.error(error.message);
      store.set({ id: PROBLEMS_ID, data: { problems }, digest: generateDigest(problems.join('\n')) });
      keep.add(PROBLEMS_ID);
    }
    const english = new Map(files.filter((f) => f.locale === DEFAULT_LOCALE).map((f) => [f.id, f.data]));
    for (const { locale, id, text, file, data } of files) {
      const structure = english.get(id);
      if (!structure) continue; // an orphan translation: never shown, and the check reports it
      const merged = {
        ...Object.fromEntries(Object.keys(rules.structure).map((field) => [field, structure[field]])),
        ...data,
      };
      const entryId = `${locale}/${id}`;
      // The path is part of it: the dev test's copy (CONTENT_DIR) must not leave its paths in the cache.
      const digest = generateDigest(`${file}\n${text}\n${JSON.stringify(merged)}`);
      keep.add(entryId);
      if (store.get(entryId)?.digest === digest) continue;
      const parsed = await parseData({ id: entryId, data: merged, filePath: file });
      const rendered = await renderMarkdown(text, { fileURL: pathToFileURL(join(projectRoot, file)) });
      store.set({
        id: entryId,
        data: parsed,
        filePath: file,
        digest,
        rendered,
        assetImports: rendered.metadata?.imagePaths,
      });
    }
    for (const id of store.keys()) if (!keep.has(id)) store.delete(id);
  }
}
