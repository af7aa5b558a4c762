import { Hono, type Context } from 'hono';
import { describe, expect, it } from 'vitest';
import { compressAnswers, setAnswerHeader } from '#server/http/answer-headers.ts';

/** An app whose middleware adds headers after the handler answered; `made` keeps the handler's own answer. */
function appWith(handler: (c: Context) => Response | Promise<Response>) {
  const app = new Hono();
  const made: Response[] = [];
  app.use(compressAnswers());
  app.use(async (c, next) => {
    await next();
    setAnswerHeader(c, 'X-Content-Type-Options', 'nosniff');
    setAnswerHeader(c, 'Vary', 'Origin', { append: true });
  });
  app.get('/x', async (c) => {
    const answer = await handler(c);
    made.push(answer);
    return answer;
  });
  return { app, made };
}

describe('setAnswerHeader', () => {
  it('sets headers on the answer the handler made, in place (no rebuilt Response, the body untouched)', async () => {
    const { app, made } = appWith((c) => c.json({ balance: '12.50' }));
    const res = await app.request('/x');
    expect(res).toBe(made[0]);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('vary')).toBe('Origin, Accept-Encoding');
    expect(await res.json()).toEqual({ balance: '12.50' });
  });

  it('before the answer exists, is c.header (the handler merges it)', async () => {
    const app = new Hono();
    app.use(async (c, next) => {
      setAnswerHeader(c, 'X-Early', 'yes');
      await next();
    });
    app.get('/x', (c) => c.text('ok'));
    const res = await app.request('/x');
    expect(res.headers.get('x-early')).toBe('yes');
    expect(await res.text()).toBe('ok');
  });

  it('still sets the header on an answer whose headers are immutable (Response.redirect)', async () => {
    const { app } = appWith(() => Response.redirect('http://localhost/elsewhere', 302));
    const res = await app.request('/x');
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('http://localhost/elsewhere');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });
});

describe('compressAnswers', () => {
  it('adds Vary: Accept-Encoding once to what compress considers; compresses for a client accepting gzip', async () => {
    const { app } = appWith((c) => c.json({ text: 'a'.repeat(2000) }));
    const plain = await app.request('/x');
    expect(plain.headers.get('vary')).toBe('Origin, Accept-Encoding');
    expect(plain.headers.get('content-encoding')).toBeNull();
    const gzipped = await app.request('/x', { headers: { 'accept-encoding': 'gzip' } });
    expect(gzipped.headers.get('content-encoding')).toBe('gzip');
    expect(gzipped.headers.get('vary')).toBe('Origin, Accept-Encoding');
  });

  it('leaves alone what compress skips: small with a length, not compressible, HEAD, no-transform', async () => {
    const cases: [string, (c: Context) => Response][] = [
      ['small', (c) => c.body('tiny', 200, { 'Content-Type': 'text/plain', 'Content-Length': '4' })],
      ['image', (c) => c.body(new Uint8Array(2000), 200, { 'Content-Type': 'image/png' })],
      ['no-transform', (c) => c.json({ a: 1 }, 200, { 'Cache-Control': 'no-transform' })],
    ];
    for (const [name, handler] of cases) {
      const { app } = appWith(handler);
      const res = await app.request('/x');
      expect([name, res.headers.get('vary')]).toEqual([name, 'Origin']);
    }
    const { app } = appWith((c) => c.json({ a: 1 }));
    expect((await app.request('/x', { method: 'HEAD' })).headers.get('vary')).toBe('Origin');
  });
});
