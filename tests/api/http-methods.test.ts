/** A method an API path does not support answers 405 with `Allow`. */
import { describe, expect, it } from 'vitest';
import { createTestApi, useTestApi } from './harness.ts';

const ctx = useTestApi();

describe('405 Method Not Allowed', () => {
  it.each([
    ['PUT', '/api/user/me', 'GET'],
    ['OPTIONS', '/api/user/me', 'GET'],
    ['POST', '/api/user/me', 'GET'],
    ['DELETE', '/api/user/withdrawal', 'POST'],
    ['GET', '/api/user/update', 'PATCH'],
  ])('%s %s → 405, Allow: %s, before any authentication', async (method, path, allow) => {
    const res = await ctx.api.request(method, path, { headers: { 'accept-language': 'de' } });
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe(allow);
    expect(res.body).toEqual({ detail: `Diese Adresse unterstützt die Methode ${method} nicht.` });
  });

  it('leaves supported methods, HEAD and unknown paths alone', async () => {
    const player = await ctx.api.player();
    expect((await ctx.api.request('GET', '/api/user/me')).status).toBe(401);
    expect((await ctx.api.request('GET', '/api/user/me', { token: player.token })).status).toBe(200);
    expect((await ctx.api.request('HEAD', '/api/user/me', { token: player.token })).status).toBe(200);
    expect((await ctx.api.request('PUT', '/api/no-such-thing')).status).toBe(404);
  });

  it('still answers CORS preflights when CORS_ORIGINS is set', async () => {
    const cors = await createTestApi({ CORS_ORIGINS: 'https://site.example' });
    try {
      const preflight = await cors.request('OPTIONS', '/api/user/me', {
        headers: {
          origin: 'https://site.example',
          'access-control-request-method': 'GET',
          'access-control-request-headers': 'authorization',
        },
      });
      expect(preflight.status).toBe(204);
      expect(preflight.headers.get('access-control-allow-origin')).toBe('https://site.example');
      const put = await cors.request('PUT', '/api/user/me', { headers: { origin: 'https://site.example' } });
      expect(put.status).toBe(405);
      expect(put.headers.get('allow')).toBe('GET');
    } finally {
      await cors.close();
    }
  });
});
