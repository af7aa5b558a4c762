// The editor's one server on the loopback address: the page, Decap's files, the site's pictures
// for the preview, and the API at /api/v1 on the same origin (so the page never needs CORS, and
// every cross-origin call can be refused). The Host header is checked first on every request.
import { createReadStream, existsSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { extname, join, normalize } from 'node:path';
import {
  EDITOR_KEY_JS,
  EDITOR_STATUS_JS,
  INDEX_HTML,
  PREVIEW_TEMPLATES_JS,
  TYPES,
  configScript,
} from './editor-page.mjs';
import { hostRefusal } from './editor-request-guard.mjs';

/** On every answer: no framing by another page, no guessing of types, nothing cached. */
const BASE_HEADERS = {
  'x-frame-options': 'DENY',
  'content-security-policy': "frame-ancestors 'none'",
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'cache-control': 'no-store',
};

/**
 * @param {object} options
 * @param {string} options.root  the checkout
 * @param {string} options.decapDist  Decap's bundle
 * @param {object} options.config  the CMS configuration (config.js)
 * @param {(req: import('node:http').IncomingMessage, res: import('node:http').ServerResponse) => Promise<void>}
 *   options.api  the handler of /api/v1
 * @param {(reason: string) => void} options.onRefusal
 * @param {() => string} options.previewStyle  the preview's stylesheet, read on each request (a rebuilt site shows)
 */
export function editorServer({ root, decapDist, config, api, onRefusal, previewStyle }) {
  /** @param {import('node:http').ServerResponse} res @param {string} type @param {string} text */
  const sendText = (res, type, text) => res.writeHead(200, { 'content-type': type }).end(text);

  const server = createServer((req, res) => {
    for (const [name, value] of Object.entries(BASE_HEADERS)) res.setHeader(name, value);
    const port = /** @type {import('node:net').AddressInfo} */ (server.address()).port;
    const refusal = hostRefusal(req, port);
    if (refusal) {
      onRefusal(refusal);
      res.writeHead(403, { 'content-type': 'text/plain; charset=utf-8' }).end(refusal);
      return;
    }
    let path;
    try {
      path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    } catch {
      return void res.writeHead(400, { 'content-type': 'text/plain' }).end('bad address');
    }
    if (path === '/api/v1') {
      api(req, res).catch((error) => {
        console.error(`cms: the API failed: ${error instanceof Error ? error.message : error}`);
        if (!res.headersSent) res.writeHead(500, { 'content-type': 'application/json' });
        res.end('{"error":"failed"}');
      });
      return;
    }
    if (path === '/' || path === '/admin') return void res.writeHead(302, { location: '/admin/' }).end();
    if (path === '/admin/') return void sendText(res, TYPES['.html'], INDEX_HTML);
    if (path === '/admin/editor-key.js') return void sendText(res, TYPES['.js'], EDITOR_KEY_JS);
    if (path === '/admin/editor-status.js') return void sendText(res, TYPES['.js'], EDITOR_STATUS_JS);
    if (path === '/admin/config.js') return void sendText(res, TYPES['.js'], configScript(config));
    if (path === '/admin/preview-templates.js') return void sendText(res, TYPES['.js'], PREVIEW_TEMPLATES_JS);
    if (path === '/admin/preview.css') return void sendText(res, TYPES['.css'], previewStyle());
    // Decap's bundle and its chunks, then the site's pictures (/images/…) for the preview.
    const [base, rel] = path.startsWith('/admin/')
      ? [decapDist, path.slice('/admin/'.length)]
      : [join(root, 'public'), path.slice(1)];
    const file = normalize(join(base, rel));
    if (file.startsWith(`${base}/`) && existsSync(file) && statSync(file).isFile()) {
      const type = TYPES[/** @type {keyof typeof TYPES} */ (extname(file))] ?? 'application/octet-stream';
      res.writeHead(200, { 'content-type': type });
      createReadStream(file).pipe(res);
      return;
    }
    res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
  });
  return server;
}
