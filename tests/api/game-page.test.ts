import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { useTestApi } from './harness.ts';
import { launchSession } from './fixtures/game-launch.ts';

// The provider sits on its own origin here, so the page must name the site as its only framer.
const ctx = useTestApi({ SITE_URL: 'https://site.example.test', GAME_PROVIDER_ORIGIN: 'https://games.example.test' });

const launch = (lang: string) => launchSession(ctx.api, 'dice', { headers: { 'accept-language': lang } });

const page = (path: string, lang = 'en') =>
  ctx.api.request<string>('GET', path, { headers: { 'accept-language': lang } });

describe('the demo provider game page', () => {
  it('is the session locale and colour mode, framed by the site only, strict CSP and no inline script', async () => {
    const id = await launch('ja');
    // The page follows the launch's locale, not the request's.
    const res = await page(`/demo-games/play/${id}?theme=dark`, 'de');
    expect(res.status).toBe(200);
    expect(res.body).toContain('<html lang="ja" class="dark">');
    expect(res.body).toContain('ゲームを読み込んでいます…');
    const csp = res.headers.get('content-security-policy')!;
    expect(csp).toContain("frame-ancestors 'self' https://site.example.test");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('unsafe-inline');
    expect(res.headers.get('cache-control')).toBe('no-store');
    // Messages go to the site's exact origin; the config is data, never markup.
    const config = JSON.parse(/<script type="application\/json" id="game-config">(.*?)<\/script>/s.exec(res.body)![1]!);
    expect(config).toMatchObject({ sessionId: id, locale: 'ja', siteOrigin: 'https://site.example.test' });
    expect(res.body.match(/<script(?![^>]*(type="application\/json"|src=))/g)).toBeNull();
  });

  it("launches on the provider's own origin when GAME_PROVIDER_ORIGIN is set", async () => {
    const res = await ctx.api.request('POST', '/gmnggate/api', {
      body: { method: 'game_launch', game_id: 'dice', mode: 'demo' },
    });
    expect(res.body.url).toBe(`https://games.example.test/demo-games/play/${res.body.session_id}`);
  });

  it('anything but dark is light; an unknown session gets the page in the request language (script: 404)', async () => {
    const id = await launch('en');
    expect((await page(`/demo-games/play/${id}?theme=<x>`)).body).toContain('class="light"');
    const unknown = await page('/demo-games/play/does-not-exist-at-all', 'fr');
    expect(unknown.status).toBe(200);
    expect(unknown.body).toContain('<html lang="fr"');
    expect((await ctx.api.request('GET', '/demo-games/api/sessions/does-not-exist-at-all')).status).toBe(404);
  });

  it('serves its script (under 30 KB gzip) and style sheet by content hash, cached forever; others 404', async () => {
    const html = (await page(`/demo-games/play/${await launch('en')}`)).body;
    const script = /src="(\/demo-games\/assets\/game-[0-9a-f]{12}\.js)"/.exec(html)![1]!;
    const style = /href="(\/demo-games\/assets\/game-[0-9a-f]{12}\.css)"/.exec(html)![1]!;
    const js = await ctx.api.app.request(script, { headers: { 'accept-encoding': 'gzip' } });
    expect(js.status).toBe(200);
    expect(js.headers.get('content-type')).toContain('text/javascript');
    expect(js.headers.get('cache-control')).toContain('immutable');
    const body = Buffer.from(await js.arrayBuffer());
    const gzipped = js.headers.get('content-encoding') === 'gzip' ? body : null;
    if (gzipped) expect(gunzipSync(gzipped).length).toBeGreaterThan(gzipped.length);
    expect((gzipped ?? body).length).toBeLessThan(30 * 1024);
    expect((await ctx.api.app.request(style)).headers.get('content-type')).toContain('text/css');
    expect((await ctx.api.app.request('/demo-games/assets/game-000000000000.js')).status).toBe(404);
  });
});
