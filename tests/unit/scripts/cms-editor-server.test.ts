// `npm run cms` started for real: its one server answers the editor page that holds the run's key,
// on Host localhost/127.0.0.1 only, for the content folders and the picture folder only, on the
// loopback address only. A web page the editor visits (DNS rebinding, cross-origin calls) and a
// call for any other file of the checkout (the API's private key, package.json, src/pages) get 403.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync, rmSync, rmdirSync } from 'node:fs';
import { request } from 'node:http';
import { connect, createServer, type AddressInfo } from 'node:net';
import { networkInterfaces } from 'node:os';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { PREVIEW_CSS } from '../../../scripts/cms/editor-page.mjs';
import { sitePreviewStyle } from '../../../scripts/cms/site-preview-style.mjs';

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
}

let cms: ChildProcess;
let output = '';
let port = 0;
let key = '';
/** Where the editor page sends Decap's calls: the proxy_url of config.js. */
let api = { port: 0, path: '/api/v1' };

/** A port the OS has free now. */
const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port: free } = probe.address() as AddressInfo;
      probe.close(() => resolve(free));
    });
  });

/** One request with exactly these headers (fetch would not send a foreign Host). */
function send(
  path: string,
  {
    method = 'POST',
    headers = {},
    body,
    to = port,
  }: { method?: string; headers?: Record<string, string>; body?: string; to?: number },
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request({
      host: '127.0.0.1',
      port: to,
      path,
      method,
      headers: { host: `localhost:${to}`, ...headers },
    });
    req.on('response', (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** A call of Decap's proxy backend as the editor page makes it, with the run's key unless `headers` say otherwise. */
const call = (action: string, params: object, headers: Record<string, string> = {}) =>
  send(api.path, {
    headers: { 'content-type': 'application/json; charset=utf-8', 'x-cms-key': key, ...headers },
    body: JSON.stringify({ action, params: { branch: 'main', ...params } }),
    to: api.port,
  });

const FAQ_ENTRY = 'src/content/faq/en/withdrawal-time.md';
const PAGE = 'src/pages/cms-guard-test.astro';
const NEW_ENTRY = 'src/content/faq/en/cms-guard-test.md';
/** What Decap sends with a save (decap-server's schema wants all of it). */
const ENTRY_OPTIONS = { collectionName: 'faq', commitMessage: 'x', useWorkflow: false, status: 'draft' };
const PICTURE = `public/images/cms-guard-test-${process.pid}.png`;
const imagesExisted = existsSync('public/images');

beforeAll(async () => {
  cms = spawn('npm', ['run', '--silent', 'cms'], {
    env: { ...process.env, CMS_PORT: String(await freePort()) },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true, // its own process group: afterAll stops npm and the editor
  });
  cms.stdout!.on('data', (chunk: Buffer) => (output += chunk));
  cms.stderr!.on('data', (chunk: Buffer) => (output += chunk));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`npm run cms did not start: ${output}`)), 30_000);
    cms.stdout!.on('data', () => {
      const printed = /editor at http:\/\/localhost:(\d+)\/admin\/(?:#key=([\w-]+))?/.exec(output);
      if (!printed) return;
      [port, key] = [Number(printed[1]), printed[2] ?? ''];
      clearTimeout(timer);
      resolve();
    });
    cms.on('exit', (code) => reject(new Error(`npm run cms exited (${code}): ${output}`)));
  });
  const config = await send('/admin/config.js', { method: 'GET' });
  const proxyUrl = new URL(/"proxy_url": "([^"]+)"/.exec(config.text)![1]!, `http://localhost:${port}/admin/`);
  api = { port: Number(proxyUrl.port), path: proxyUrl.pathname };
  // The test talks to the API where the page does; it answers once the page does, or soon after.
  await vi.waitFor(() => call('info', {}), { timeout: 20_000, interval: 250 });
});

afterAll(() => {
  try {
    if (cms.pid) process.kill(-cms.pid, 'SIGTERM');
  } catch {
    // already gone
  }
  // Whatever a failing test left behind: never leave its files in the checkout.
  for (const file of [PAGE, NEW_ENTRY, PICTURE]) rmSync(file, { force: true });
  if (!imagesExisted && existsSync('public/images'))
    try {
      rmdirSync('public/images');
    } catch {
      // something else put a file there meanwhile: leave the folder
    }
});

describe('npm run cms', () => {
  it('prints the editor address with a key made for this run, which config.js does not contain', async () => {
    expect(key).toMatch(/^[\w-]{43}$/);
    const config = await send('/admin/config.js', { method: 'GET' });
    expect(config.status).toBe(200);
    expect(config.text).toContain('"proxy_url": "/api/v1"');
    expect(config.text).not.toContain(key);
    expect(config.headers['x-frame-options']).toBe('DENY');
  });

  it("serves the preview: its templates before config.js, the built site's CSS, nothing else of dist/", async () => {
    const page = await send('/admin/', { method: 'GET' });
    expect(page.text.indexOf('<script src="preview-templates.js">')).toBeGreaterThan(page.text.indexOf('decap-cms.js'));
    expect(page.text.indexOf('<script src="preview-templates.js">')).toBeLessThan(page.text.indexOf('config.js'));
    const templates = await send('/admin/preview-templates.js', { method: 'GET' });
    expect(templates.status).toBe(200);
    expect(templates.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(templates.text).toContain('sitePreviewTemplate');
    const style = await send('/admin/preview.css', { method: 'GET' });
    expect(style.status).toBe(200);
    expect(style.headers['content-type']).toBe('text/css; charset=utf-8');
    expect(style.text).toBe(sitePreviewStyle('dist') ?? PREVIEW_CSS);
    // The built pages themselves are not the editor's to serve.
    for (const path of ['/faq.html', '/dist/faq.html', '/admin/../dist/faq.html'])
      expect((await send(path, { method: 'GET' })).status).toBe(404);
  });

  it('reads and writes the content with the key', async () => {
    const entry = await call('getEntry', { path: FAQ_ENTRY });
    expect(entry.status).toBe(200);
    // The English entry as the editor shows it: with its id (the file name) in the id field.
    expect(JSON.parse(entry.text).data).toBe(
      readFileSync(FAQ_ENTRY, 'utf8').replace(/^---\n/, '---\nid: withdrawal-time\n'),
    );
    const listed = await call('entriesByFolder', { folder: 'src/content/faq', extension: 'md', depth: 2 });
    expect(listed.status).toBe(200);
    expect(JSON.parse(listed.text).map((e: { file: { path: string } }) => e.file.path)).toContain(FAQ_ENTRY);

    const png = Buffer.from('89504e470d0a1a0a', 'hex').toString('base64');
    const saved = await call('persistMedia', {
      asset: { path: PICTURE, content: png, encoding: 'base64' },
      options: { commitMessage: 'x' },
    });
    expect(saved.status).toBe(200);
    expect(readFileSync(PICTURE).toString('base64')).toBe(png);
    expect((await call('deleteFile', { path: PICTURE, options: { commitMessage: 'x' } })).status).toBe(200);
    expect(existsSync(PICTURE)).toBe(false);
  });

  it.each(['.data/rsa-private.pem', 'package.json', '../x', '/etc/passwd', 'src/content/faq/../../../package.json'])(
    'refuses to read %s',
    async (path) => {
      const answer = await call('getEntry', { path });
      expect(answer.status).toBe(403);
      expect(answer.text).not.toContain('lucky-site');
      expect((await call('getMediaFile', { path })).status).toBe(403);
    },
  );

  it('refuses to write a page, or anything outside the content, and writes nothing', async () => {
    const page = { slug: 'x', path: PAGE, raw: '---\nconsole.log(1)\n---\n' };
    const entry = await call('persistEntry', {
      entry: page,
      assets: [],
      options: ENTRY_OPTIONS,
    });
    expect(entry.status).toBe(403);
    const moved = await call('persistEntry', {
      dataFiles: [{ ...page, path: FAQ_ENTRY, raw: readFileSync(FAQ_ENTRY, 'utf8'), newPath: PAGE }],
      assets: [],
      options: ENTRY_OPTIONS,
    });
    expect(moved.status).toBe(403);
    const asset = { path: PAGE, content: Buffer.from('x').toString('base64'), encoding: 'base64' };
    expect((await call('persistMedia', { asset, options: { commitMessage: 'x' } })).status).toBe(403);
    const withAsset = await call('persistEntry', {
      entry: { slug: 'x', path: NEW_ENTRY, raw: 'x' },
      assets: [asset],
      options: ENTRY_OPTIONS,
    });
    expect(withAsset.status).toBe(403);
    expect(existsSync(PAGE)).toBe(false);
    expect(existsSync(NEW_ENTRY)).toBe(false);
    expect((await call('deleteFile', { path: 'package.json', options: { commitMessage: 'x' } })).status).toBe(403);
    expect((await call('entriesByFolder', { folder: '.data', extension: 'pem', depth: 1 })).status).toBe(403);
    expect((await call('getMedia', { mediaFolder: '.' })).status).toBe(403);
    expect(existsSync('package.json')).toBe(true);
  });

  it('answers only Host localhost:<port> and 127.0.0.1:<port>, even with the key', async () => {
    for (const host of [`evil.example:${port}`, 'localhost', `localhost:${port + 1}`, `127.0.0.2:${port}`]) {
      const apiHost = host.replace(`:${port}`, `:${api.port}`);
      expect((await call('getEntry', { path: FAQ_ENTRY }, { host: apiHost })).status, apiHost).toBe(403);
      expect((await send('/admin/', { method: 'GET', headers: { host } })).status, host).toBe(403);
    }
    expect((await call('getEntry', { path: FAQ_ENTRY }, { host: `127.0.0.1:${api.port}` })).status).toBe(200);
    expect((await send('/admin/', { method: 'GET' })).status).toBe(200);
  });

  it('refuses a call without the key or with a wrong one', async () => {
    const without = await send(api.path, {
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ action: 'getEntry', params: { branch: 'main', path: FAQ_ENTRY } }),
      to: api.port,
    });
    expect(without.status).toBe(403);
    expect(without.text).not.toContain('withdrawal');
    expect((await call('getEntry', { path: FAQ_ENTRY }, { 'x-cms-key': `${key.slice(1)}x` })).status).toBe(403);
    expect((await call('info', {}, { 'x-cms-key': '' })).status).toBe(403);
  });

  it('refuses preflights and calls from another origin', async () => {
    const preflight = await send(api.path, {
      to: api.port,
      method: 'OPTIONS',
      headers: {
        origin: 'http://localhost:9999',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type,x-cms-key',
      },
    });
    expect(preflight.status).toBe(403);
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
    expect((await call('getEntry', { path: FAQ_ENTRY }, { origin: 'http://localhost:9999' })).status).toBe(403);
    expect((await call('getEntry', { path: FAQ_ENTRY }, { origin: `http://localhost:${port}` })).status).toBe(200);
    expect(api.port, "the API shares the page's origin").toBe(port);
  });

  it('listens on 127.0.0.1 only', async () => {
    const hexPort = port.toString(16).toUpperCase().padStart(4, '0');
    const listening = ['/proc/net/tcp', '/proc/net/tcp6']
      .filter((file) => existsSync(file))
      .flatMap((file) => readFileSync(file, 'utf8').trim().split('\n').slice(1))
      .map((line) => line.trim().split(/\s+/))
      .filter(([, local, , state]) => local!.endsWith(`:${hexPort}`) && state === '0A')
      .map(([, local]) => local!.split(':')[0]);
    expect(listening).toEqual(['0100007F']); // 127.0.0.1, and no IPv6 or wildcard socket
    const others = Object.values(networkInterfaces())
      .flat()
      .filter((a) => a && !a.internal)
      .map((a) => a!.address);
    const reaches = (host: string) =>
      new Promise<boolean>((resolve) => {
        const socket = connect({ host, port });
        socket.on('connect', () => (socket.destroy(), resolve(true))).on('error', () => resolve(false));
      });
    expect(await reaches('127.0.0.1')).toBe(true);
    for (const address of others) expect(await reaches(address), address).toBe(false);
  });
});
