// `npm run cms`: the browser editor for the FAQ, rules, responsible gaming and loyalty texts, on
// this computer, against the working tree, with no account. It serves Decap CMS from node_modules
// (nothing is loaded from the internet) and starts Decap's local proxy (`decap-server`, in `fs`
// mode: saves write the files, you commit them as usual).
//
//   npm run cms                        → http://localhost:4330/admin/
//   CMS_PORT=… CMS_PROXY_PORT=… npm run cms
//   npm run cms -- build --out dist-cms --repo owner/name [--branch main]
//        writes a static admin for production on a git host (see docs/editing.md, "In the browser")
import { spawn } from 'node:child_process';
import { createServer } from 'node:http';
import { createReadStream, existsSync, mkdirSync, readdirSync, statSync, writeFileSync, copyFileSync } from 'node:fs';
import { extname, join, normalize } from 'node:path';
import { parseArgs } from 'node:util';
import { cmsConfig } from './cms/config.mjs';
import { parseEnv } from '../server/src/config/variables.ts';

const root = new URL('..', import.meta.url).pathname;
const decapDist = join(root, 'node_modules/decap-cms/dist');

/** The page that loads the editor; the configuration comes from config.js (made from collections.mjs). */
const INDEX_HTML = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>AmberPlay texts · editor</title>
<script>window.CMS_MANUAL_INIT = true;</script>
</head>
<body>
<script src="decap-cms.js"></script>
<script src="config.js"></script>
</body>
</html>
`;

/** @param {object} config */
const configScript = (config) => `// Made by scripts/cms.mjs from src/content/lint/collections.mjs: do not edit.
CMS.registerPreviewStyle('preview.css');
CMS.init({ config: ${JSON.stringify({ load_config_file: false, ...config }, null, 2)} });
`;

const PREVIEW_CSS = `body { font: 16px/1.6 system-ui, sans-serif; color: #1c1917; max-width: 46rem; margin: 1.5rem auto;
  padding: 0 1rem; }
h1, h2, h3 { line-height: 1.25; } a { color: #9a3412; } img { max-width: 100%; height: auto; }
`;

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.map': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.gif': 'image/gif',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
};

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
  writeFileSync(join(values.out, 'config.js'), configScript(cmsConfig({ backend, editorialWorkflow: true })));
  writeFileSync(join(values.out, 'preview.css'), PREVIEW_CSS);
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
  CMS_PROXY_PORT: proxyPort,
  CMS_BRANCH: branch,
  CMS_LOG_LEVEL: logLevel,
} = parseEnv(process.env, ['CMS_PORT', 'CMS_PROXY_PORT', 'CMS_BRANCH', 'CMS_LOG_LEVEL']);
const config = cmsConfig({ backend: { name: 'proxy', proxy_url: `http://127.0.0.1:${proxyPort}/api/v1`, branch } });

// Decap's local proxy. `fs` mode: a save writes the files and commits nothing.
const proxy = spawn(process.execPath, [join(root, 'node_modules/decap-server/dist/index.js')], {
  cwd: root,
  env: {
    ...process.env,
    PORT: String(proxyPort),
    BIND_HOST: '127.0.0.1',
    MODE: 'fs',
    GIT_REPO_DIRECTORY: root,
    LOG_LEVEL: logLevel,
  },
  stdio: 'inherit',
});
proxy.on('exit', (code) => {
  console.error(
    `cms: the local proxy stopped (${code}); is port ${proxyPort} free? Set CMS_PROXY_PORT to another port.`,
  );
  process.exit(1);
});

/** @param {import('node:http').ServerResponse} res @param {string} file */
function sendFile(res, file) {
  res.writeHead(200, {
    'content-type': TYPES[/** @type {keyof typeof TYPES} */ (extname(file))] ?? 'application/octet-stream',
    'cache-control': 'no-store',
  });
  createReadStream(file).pipe(res);
}

const server = createServer((req, res) => {
  const path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
  if (path === '/' || path === '/admin') {
    res.writeHead(302, { location: '/admin/' }).end();
    return;
  }
  if (path === '/admin/') {
    res.writeHead(200, { 'content-type': TYPES['.html'], 'cache-control': 'no-store' }).end(INDEX_HTML);
    return;
  }
  if (path === '/admin/config.js') {
    res.writeHead(200, { 'content-type': TYPES['.js'], 'cache-control': 'no-store' }).end(configScript(config));
    return;
  }
  if (path === '/admin/preview.css') {
    res.writeHead(200, { 'content-type': TYPES['.css'] }).end(PREVIEW_CSS);
    return;
  }
  // Decap's bundle and its chunks, then the site's pictures (/images/…) for the preview.
  const [base, rel] = path.startsWith('/admin/')
    ? [decapDist, path.slice('/admin/'.length)]
    : [join(root, 'public'), path.slice(1)];
  const file = normalize(join(base, rel));
  if (file.startsWith(base) && existsSync(file) && statSync(file).isFile()) {
    sendFile(res, file);
    return;
  }
  res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
});
server.listen(port, '127.0.0.1', () => {
  console.log(
    `cms: editor at http://localhost:${port}/admin/ (saves go to ${root}src/content; run npm run ` +
      `i18n:check before you commit)`,
  );
});

const stop = () => {
  proxy.removeAllListeners('exit');
  proxy.kill('SIGTERM');
  server.close();
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
