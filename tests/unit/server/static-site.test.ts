import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '#server/app.ts';
import { candidateFiles, cacheControlFor } from '#server/http/static-site.ts';
import { createTestApi, type TestApi } from '../../api/harness.ts';

let dist: string;
let api: TestApi;
const logs: string[] = [];

afterAll(() => api.close());

beforeAll(async () => {
  api = await createTestApi();
  dist = mkdtempSync(join(tmpdir(), 'dist-'));
  const files: Record<string, string> = {
    'index.html': 'home',
    'faq.html': 'faq',
    'ru/index.html': 'ru home',
    'ru/faq.html': 'ru faq',
    '404.html': 'en not found',
    'ru/404.html': 'ru not found',
    '500.html': 'en server error',
    'ru/500.html': 'ru server error',
    '_astro/app.abc123.js': 'console.log(1)',
    'builds/latest.json': '{"id":"x"}',
  };
  for (const [path, body] of Object.entries(files)) {
    mkdirSync(join(dist, path, '..'), { recursive: true });
    writeFileSync(join(dist, path), body);
  }
});

const app = () => {
  const instance = createApp({ distDir: dist, services: api.services, log: (line) => logs.push(line) });
  instance.get('/explode', () => {
    throw new Error('boom');
  });
  instance.get('/ru/explode', () => {
    throw new Error('boom');
  });
  return instance;
};

describe('static site', () => {
  it.each([
    ['/', 'home'],
    ['/faq', 'faq'],
    ['/faq/', 'faq'],
    ['/ru', 'ru home'],
    ['/ru/', 'ru home'],
    ['/ru/faq', 'ru faq'],
  ])('serves %s', async (path, body) => {
    const response = await app().request(path);
    expect(response.status).toBe(200);
    expect(await response.text()).toBe(body);
    expect(response.headers.get('cache-control')).toBe('no-cache');
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
  });

  it('answers unknown paths with 404 and the not-found page of the path locale', async () => {
    const en = await app().request('/nope');
    expect(en.status).toBe(404);
    expect(await en.text()).toBe('en not found');
    const ru = await app().request('/ru/nope/deeper');
    expect(ru.status).toBe(404);
    expect(await ru.text()).toBe('ru not found');
  });

  it('never serves files outside dist', async () => {
    for (const path of ['/../package.json', '/%2e%2e/%2e%2e/etc/passwd', '/%ZZ', '/a%00b']) {
      expect((await app().request(path)).status).toBe(404);
    }
  });

  it('serves the server-error screen of the locale for 5xx', async () => {
    const response = await app().request('/ru/explode');
    expect(response.status).toBe(500);
    expect(await response.text()).toBe('ru server error');
  });

  it('caches hashed assets forever and revalidates the build pointer', async () => {
    const asset = await app().request('/_astro/app.abc123.js');
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const latest = await app().request('/builds/latest.json');
    expect(latest.headers.get('cache-control')).toBe('no-cache');
  });

  it('logs one JSON line per request with no query string', async () => {
    logs.length = 0;
    await app().request('/faq?token=secret123');
    expect(logs).toHaveLength(1);
    const line = JSON.parse(logs[0]!);
    expect(line).toMatchObject({ method: 'GET', path: '/faq', status: 200 });
    expect(typeof line.ms).toBe('number');
    expect(logs[0]).not.toContain('secret123');
  });
});

describe('path helpers', () => {
  it('maps pretty URLs to files', () => {
    expect(candidateFiles('/faq')).toEqual(['/faq.html', '/faq/index.html']);
    expect(candidateFiles('/ru/')).toEqual(['/ru/index.html', '/ru.html']);
    expect(candidateFiles('/robots.txt')).toEqual(['/robots.txt']);
  });

  it('chooses cache headers by kind of file', () => {
    expect(cacheControlFor('/faq.html')).toBe('no-cache');
    expect(cacheControlFor('/favicon.svg')).toBe('public, max-age=3600');
  });
});
