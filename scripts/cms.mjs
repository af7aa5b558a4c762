// `npm run cms`: the browser editor for the FAQ, rules, responsible gaming and loyalty texts, on
// this computer, against the working tree, with no account. It serves Decap CMS from node_modules
// (nothing is loaded from the internet) and answers Decap's proxy backend itself, with
// decap-server's file handler (`fs` mode: saves write the files, you commit them as usual).
//
//   npm run cms                        → prints http://localhost:4330/admin/#key=… (open that address)
//   CMS_PORT=… npm run cms
//   npm run cms -- build --out dist-cms --repo owner/name [--branch main]
//        writes a static admin for production on a git host (see docs/editing.md, "In the browser")
//
// The editor reaches only the content folders and the picture folder of the configuration, answers
// only Host localhost:<port> and 127.0.0.1:<port>, listens on 127.0.0.1 only, and its API wants the
// key made for this run (docs/security.md, "The browser editor").
import { randomBytes } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { cmsConfig } from './cms/config.mjs';
import { contentAreas, contentPathGate } from './cms/content-paths.mjs';
import { decapFsHandler } from './cms/decap-fs-handler.mjs';
import { editorApi } from './cms/editor-api.mjs';
import { entryDelete } from './cms/entry-delete.mjs';
import { entryStatus, statusSnapshot } from './cms/entry-status.mjs';
import {
  EDITOR_KEY_JS,
  EDITOR_STATUS_JS,
  INDEX_HTML,
  PREVIEW_CSS,
  PREVIEW_TEMPLATES_JS,
  configScript,
} from './cms/editor-page.mjs';
import { sitePreviewStyle } from './cms/site-preview-style.mjs';
import { editorServer } from './cms/editor-server.mjs';
import { parseEnv } from '../server/src/config/variables.ts';

const root = new URL('..', import.meta.url).pathname.replace(/\/$/, '');
const decapDist = join(root, 'node_modules/decap-cms/dist');
const siteDist = join(root, 'dist');
/** The site's own CSS when it is built, so the preview shows the site's layout; plain text otherwise. */
const previewStyle = () => sitePreviewStyle(siteDist) ?? PREVIEW_CSS;

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    out: { type: 'string' },
    repo: { type: 'string' },
    branch: { type: 'string' },
    backend: { type: 'string' },
    'base-url': { type: 'string' },
  },
});

if (positionals[0] === 'build') {
  if (!values.out || !values.repo) {
    console.error(
      'usage: npm run cms -- build --out <folder> --repo <owner/name> [--branch main] [--backend ' +
        'github|gitlab|gitea] [--base-url https://auth.example.com]',
    );
    process.exit(2);
  }
  const backend = {
    name: values.backend ?? 'github',
    repo: values.repo,
    branch: values.branch ?? 'main',
    ...(values['base-url'] ? { base_url: values['base-url'] } : {}),
  };
  mkdirSync(values.out, { recursive: true });
  writeFileSync(join(values.out, 'index.html'), INDEX_HTML);
  writeFileSync(join(values.out, 'editor-key.js'), EDITOR_KEY_JS);
  writeFileSync(join(values.out, 'editor-status.js'), EDITOR_STATUS_JS);
  writeFileSync(join(values.out, 'config.js'), configScript(cmsConfig({ backend, editorialWorkflow: true })));
  writeFileSync(join(values.out, 'preview-templates.js'), PREVIEW_TEMPLATES_JS);
  if (!sitePreviewStyle(siteDist))
    console.warn('cms: the site is not built (no dist/): the preview shows plain text; run npm run build first');
  writeFileSync(join(values.out, 'preview.css'), previewStyle());
  // The translation marks as of this build (rebuild the editor when main changes).
  writeFileSync(join(values.out, 'translation-status.json'), JSON.stringify(statusSnapshot(join(root, 'src/content'))));
  for (const file of readdirSync(decapDist))
    if (file.endsWith('.js')) copyFileSync(join(decapDist, file), join(values.out, file));
  console.log(
    `cms: wrote the editor for ${backend.name}:${backend.repo} (${backend.branch}) to ${values.out}; every ` +
      `save opens a pull request`,
  );
  process.exit(0);
}

const {
  CMS_PORT: port,
  CMS_BRANCH: branch,
  CMS_LOG_LEVEL: logLevel,
} = parseEnv(process.env, ['CMS_PORT', 'CMS_BRANCH', 'CMS_LOG_LEVEL']);
const config = cmsConfig({ backend: { name: 'proxy', proxy_url: '/api/v1', branch } });
// Made afresh each run and handed only to the page this run prints; never written to a file.
const key = randomBytes(32).toString('base64url');
const onRefusal = (/** @type {string} */ reason) => console.warn(`cms: refused a request (${reason})`);

const gate = contentPathGate(root, contentAreas(config));
const api = editorApi({
  key,
  gate,
  decap: await decapFsHandler({ root, logLevel }),
  onRefusal,
  root,
  defaultLocale: config.i18n.default_locale,
  status: entryStatus(
    join(root, 'src/content'),
    config.collections.map((c) => c.name),
  ),
  remove: entryDelete({
    collections: config.collections,
    locales: config.i18n.locales,
    defaultLocale: config.i18n.default_locale,
    gate,
    root,
    exists: (path) => existsSync(join(root, path)),
  }),
});
const server = editorServer({ root, decapDist, config, api, onRefusal, previewStyle });
server.on('error', (error) => {
  console.error(`cms: ${error.message}; is port ${port} free? Set CMS_PORT to another port.`);
  process.exit(1);
});
server.listen(port, '127.0.0.1', () => {
  const { port: listening } = /** @type {import('node:net').AddressInfo} */ (server.address());
  console.log(
    `cms: editor at http://localhost:${listening}/admin/#key=${key}\n` +
      `cms: open that address (the key is for this run only); saves go to ${root}/src/content and ` +
      `${root}/${config.media_folder}; run npm run i18n:check before you commit`,
  );
});

const stop = () => {
  server.close();
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
