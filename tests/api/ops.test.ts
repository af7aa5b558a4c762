/**
 * Health, readiness, metrics and the request log (docs/deploying.md), on the real app and the
 * test database (PGlite, or PostgreSQL with DATABASE_URL).
 */
import { describe, expect, it, vi } from 'vitest';
import type { Services } from '../../server/src/app-env.ts';
import { createApp } from '../../server/src/app.ts';
import { Lifecycle } from '../../server/src/ops/lifecycle.ts';
import { useTestApi } from './harness.ts';

const ctx = useTestApi({ GAME_PROVIDER_ORIGIN: 'https://play.example.test' });
const TOKEN = 'metrics-token-0123456789abcdef';

/** The socket address the Node adapter would give the app. */
const from = (remoteAddress: string) => ({ incoming: { socket: { remoteAddress } } });

function appWith(overrides: Partial<Services> = {}, lifecycle = new Lifecycle()) {
  const logs: string[] = [];
  const app = createApp({
    distDir: '/nonexistent-dist',
    services: { ...ctx.api.services, ...overrides },
    lifecycle,
    log: (line) => logs.push(line),
  });
  return { app, logs, lifecycle };
}

const withToken = () => ({ config: { ...ctx.api.config, ops: { ...ctx.api.config.ops, metricsToken: TOKEN } } });

/** The value of one sample line (`name{labels} value`), or undefined when absent. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((entry) => entry.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

async function scrape(app: ReturnType<typeof appWith>['app']) {
  const response = await app.request('/metrics', {}, from('127.0.0.1'));
  expect(response.status).toBe(200);
  return response.text();
}

describe('GET /healthz', () => {
  it('answers 200 {"status":"ok"}, never cached, to anyone', async () => {
    const response = await appWith().app.request('/healthz', {}, from('203.0.113.9'));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'ok' });
    expect(response.headers.get('cache-control')).toBe('no-store');
  });

  it('answers only GET (HEAD too): a POST is not a health check', async () => {
    const response = await appWith().app.request('/healthz', { method: 'POST' });
    expect(response.status).toBe(404);
  });
});

describe('GET /readyz', () => {
  it('answers 200 when the database answers, every migration is applied and the key is loaded', async () => {
    const response = await appWith().app.request('/readyz', {}, from('203.0.113.9'));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'ok' });
  });

  it('answers 503 while shutting down: the reason only to the machine itself', async () => {
    const { app, lifecycle } = appWith();
    lifecycle.beginShutdown();
    const outside = await app.request('/readyz', {}, from('203.0.113.9'));
    expect(outside.status).toBe(503);
    expect(await outside.json()).toEqual({ status: 'unavailable' });
    expect(outside.headers.get('retry-after')).toBe('5');
    const local = await app.request('/readyz', {}, from('127.0.0.1'));
    expect(await local.json()).toEqual({ status: 'unavailable', reason: 'shutting_down' });
    // A local proxy forwards for anyone: no reason through it.
    const proxied = await app.request('/readyz', { headers: { 'x-forwarded-for': '198.51.100.4' } }, from('127.0.0.1'));
    expect(await proxied.json()).toEqual({ status: 'unavailable' });
    // An answer given while shutting down closes its connection.
    expect(local.headers.get('connection')).toBe('close');
  });

  it('answers 503 when the database does not answer', async () => {
    const broken = { ...ctx.api.db, query: () => Promise.reject(new Error('connection refused')) } as Services['db'];
    const { app } = appWith({ db: broken });
    const response = await app.request('/readyz', {}, from('::1'));
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({ status: 'unavailable', reason: 'database' });
  });

  it('answers 503 when a migration is missing, and 200 again once it is applied', async () => {
    const [last] = await ctx.api.db.query<{ version: number; name: string }>(
      'SELECT version, name FROM schema_migrations ORDER BY version DESC LIMIT 1',
    );
    await ctx.api.db.query('DELETE FROM schema_migrations WHERE version = $1', [last!.version]);
    try {
      const response = await appWith().app.request('/readyz', {}, from('127.0.0.1'));
      expect(response.status).toBe(503);
      expect(await response.json()).toEqual({ status: 'unavailable', reason: 'migrations' });
    } finally {
      await ctx.api.db.query('INSERT INTO schema_migrations (version, name) VALUES ($1, $2)', [
        last!.version,
        last!.name,
      ]);
    }
    expect((await appWith().app.request('/readyz')).status).toBe(200);
  });

  it('answers 503 without a private key', async () => {
    // The app cannot even be built without one; the check guards a key list emptied later.
    const services = { ...ctx.api.services };
    const app = createApp({ distDir: '/nonexistent-dist', services, log: () => {} });
    services.privateKeys = [];
    const response = await app.request('/readyz', {}, from('127.0.0.1'));
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({ status: 'unavailable', reason: 'key' });
  });
});

describe('GET /metrics access', () => {
  it('without METRICS_TOKEN: loopback only, and never through a proxy', async () => {
    const { app } = appWith();
    for (const address of ['127.0.0.1', '::1', '::ffff:127.0.0.1'])
      expect((await app.request('/metrics', {}, from(address))).status).toBe(200);
    const remote = await app.request('/metrics', {}, from('203.0.113.9'));
    expect(remote.status).toBe(403);
    expect(await remote.text()).toBe('Forbidden: set METRICS_TOKEN to read metrics from another machine');
    expect(
      (await app.request('/metrics', { headers: { 'x-forwarded-for': '127.0.0.1' } }, from('127.0.0.1'))).status,
    ).toBe(403);
    expect((await app.request('/metrics', { headers: { forwarded: 'for=127.0.0.1' } }, from('127.0.0.1'))).status).toBe(
      403,
    );
    // In-process, with no socket at all: not loopback.
    expect((await app.request('/metrics')).status).toBe(403);
  });

  it('with METRICS_TOKEN: the bearer token from any address, 401 without it even from loopback', async () => {
    const { app } = appWith(withToken());
    const missing = await app.request('/metrics', {}, from('127.0.0.1'));
    expect(missing.status).toBe(401);
    expect(missing.headers.get('www-authenticate')).toBe('Bearer realm="metrics"');
    for (const authorization of [
      `Bearer ${TOKEN}x`,
      `Bearer ${TOKEN.slice(0, -1)}`,
      `Token ${TOKEN}`,
      TOKEN,
      `Bearer  ${TOKEN}`,
      'Bearer ',
    ]) {
      expect(
        (await app.request('/metrics', { headers: { authorization } }, from('127.0.0.1'))).status,
        authorization,
      ).toBe(401);
    }
    const remote = await app.request(
      '/metrics',
      { headers: { authorization: `Bearer ${TOKEN}` } },
      from('203.0.113.9'),
    );
    expect(remote.status).toBe(200);
    expect(remote.headers.get('content-type')).toBe('text/plain; version=0.0.4; charset=utf-8');
    expect(remote.headers.get('cache-control')).toBe('no-store');
    // The token also unlocks /readyz's reason.
    const { app: stopping, lifecycle } = appWith(withToken());
    lifecycle.beginShutdown();
    const ready = await stopping.request(
      '/readyz',
      { headers: { authorization: `Bearer ${TOKEN}` } },
      from('203.0.113.9'),
    );
    expect(await ready.json()).toEqual({ status: 'unavailable', reason: 'shutting_down' });
  });

  it('refuses a METRICS_TOKEN short enough to guess at start', async () => {
    const { loadConfig } = await import('../../server/src/config/server-config.ts');
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow(
      'METRICS_TOKEN must be at least 16 printable characters without spaces',
    );
    expect(() => loadConfig({ SHUTDOWN_GRACE_SECONDS: '0' })).toThrow(
      'SHUTDOWN_GRACE_SECONDS must be a number of seconds above 0 and at most 600',
    );
    expect(loadConfig({}).ops).toEqual({ metricsToken: undefined, shutdownGraceMs: 20_000 });
  });
});

describe('GET /metrics content', () => {
  it('counts requests by route pattern and status, wallet operations by result, and reads the gauges', async () => {
    const { app } = appWith();
    const player = await ctx.api.player({ balance: '50.00', verified: true });
    const before = await scrape(app);
    const withdrawals = 'amberplay_wallet_operations_total{operation="withdrawal",result="ok"}';
    const refusedWithdrawals = 'amberplay_wallet_operations_total{operation="withdrawal",result="insufficient_funds"}';
    const body = async (amount: string) => {
      const { encryptJson } = await import('../../core/api/envelope.ts');
      const e_data = await encryptJson(
        JSON.stringify({ amount, method: 'card', destination: '4242 4242 4242 4242' }),
        ctx.api.publicKey,
      );
      return {
        method: 'POST',
        headers: { authorization: `Token ${player.token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ e_data }),
      };
    };
    expect((await app.request('/api/user/withdrawal', await body('12.00'))).status).toBe(201);
    expect((await app.request('/api/user/withdrawal', await body('12.00'))).status).toBe(201);
    expect((await app.request('/api/user/withdrawal', await body('40.00'))).status).toBe(400);
    // A real-money game session, and one slot round through the wallet: a bet and a win.
    const launched = await app.request(
      '/gmnggate/api',
      await (async () => {
        const { encryptJson } = await import('../../core/api/envelope.ts');
        const e_data = await encryptJson(
          JSON.stringify({ method: 'game_launch', game_id: 'amber-fortune', mode: 'real' }),
          ctx.api.publicKey,
        );
        return {
          method: 'POST',
          headers: { authorization: `Token ${player.token}`, 'content-type': 'application/json' },
          body: JSON.stringify({ e_data }),
        };
      })(),
    );
    const session = ((await launched.json()) as { session_id: string }).session_id;
    const round = await app.request(`/demo-games/api/sessions/${session}/rounds`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ bet: { type: 'slot', amount: '1.00' } }),
    });
    expect(round.status).toBe(200);
    const after = await scrape(app);

    const delta = (series: string) => (sample(after, series) ?? 0) - (sample(before, series) ?? 0);
    expect(delta(withdrawals)).toBe(2);
    expect(delta(refusedWithdrawals)).toBe(1);
    expect(delta('amberplay_wallet_operations_total{operation="bet",result="ok"}')).toBe(1);
    expect(delta('amberplay_wallet_operations_total{operation="win",result="ok"}')).toBe(1);
    // This app's own requests, by pattern: the path's ids never become labels.
    expect(
      sample(
        after,
        'amberplay_http_request_duration_seconds_count{route="/api/user/withdrawal",method="POST",status="201"}',
      ),
    ).toBe(2);
    expect(
      sample(
        after,
        'amberplay_http_request_duration_seconds_count{route="/api/user/withdrawal",method="POST",status="400"}',
      ),
    ).toBe(1);
    expect(
      sample(
        after,
        'amberplay_http_request_duration_seconds_count' +
          '{route="/demo-games/api/sessions/:id/rounds",method="POST",status="200"}',
      ),
    ).toBe(1);
    expect(
      sample(after, 'amberplay_http_request_duration_seconds_count{route="/metrics",method="GET",status="200"}'),
    ).toBe(1);
    expect(after).not.toContain(session);
    expect(sample(after, 'amberplay_password_queue_depth{state="running"}')).toBe(0);
    expect(sample(after, 'amberplay_password_queue_depth{state="waiting"}')).toBe(0);
    expect(sample(after, 'amberplay_password_queue_limit{state="running"}')).toBe(
      ctx.api.config.auth.passwordConcurrency,
    );
    expect(sample(after, 'amberplay_game_sessions_open{mode="real"}')).toBeGreaterThanOrEqual(1);
    expect(sample(after, 'amberplay_http_requests_in_flight')).toBe(1); // the scrape itself
    const total = sample(after, 'amberplay_db_pool_connections{state="total"}')!;
    if (ctx.api.db.kind === 'pglite') expect(total).toBe(1);
    else expect(total).toBeGreaterThanOrEqual(1);
    expect(sample(after, 'nodejs_eventloop_lag_seconds')).toBeGreaterThanOrEqual(0);
  });

  it('counts open game sessions by the clock: an expired session is not open', async () => {
    const { app } = appWith();
    const before = sample(await scrape(app), 'amberplay_game_sessions_open{mode="demo"}')!;
    const { encryptJson } = await import('../../core/api/envelope.ts');
    const e_data = await encryptJson(
      JSON.stringify({ method: 'game_launch', game_id: 'amber-fortune', mode: 'demo' }),
      ctx.api.publicKey,
    );
    expect(
      (
        await app.request('/gmnggate/api', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ e_data }),
        })
      ).status,
    ).toBe(200);
    expect(sample(await scrape(app), 'amberplay_game_sessions_open{mode="demo"}')).toBe(before + 1);
    const later = new Date(Date.now() + (ctx.api.config.games.sessionHours + 1) * 3_600_000);
    const { app: tomorrow } = appWith({ clock: () => later });
    expect(sample(await scrape(tomorrow), 'amberplay_game_sessions_open{mode="demo"}')).toBe(0);
  });
});

describe('request log', () => {
  it('writes one JSON line per request with its id, route pattern, status and duration; echoes the id', async () => {
    const { app, logs } = appWith();
    const response = await app.request('/healthz', { headers: { 'x-request-id': 'lb-7f3a9c21-0001' } });
    expect(response.headers.get('x-request-id')).toBe('lb-7f3a9c21-0001');
    expect(logs).toHaveLength(1);
    const line = JSON.parse(logs[0]!);
    expect(Object.keys(line)).toEqual(['level', 'time', 'id', 'method', 'path', 'route', 'status', 'ms']);
    expect(line).toMatchObject({
      level: 'info',
      id: 'lb-7f3a9c21-0001',
      method: 'GET',
      path: '/healthz',
      route: '/healthz',
      status: 200,
    });
    expect(typeof line.ms).toBe('number');
  });

  it('replaces a request id that is not plain (too short or long, spaces, controls) with a UUID', async () => {
    const { app, logs } = appWith();
    for (const sent of [
      'short',
      'x'.repeat(129),
      'has space inside',
      'line\tbreak-1234',
      '<script>alert(1)</script>',
      '',
    ]) {
      const response = await app.request('/healthz', { headers: { 'x-request-id': sent } });
      const echoed = response.headers.get('x-request-id')!;
      expect(echoed, sent).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      expect(JSON.parse(logs.at(-1)!).id).toBe(echoed);
    }
    // Without the header: generated, and different per request.
    const a = (await app.request('/healthz')).headers.get('x-request-id');
    const b = (await app.request('/healthz')).headers.get('x-request-id');
    expect(a).not.toBe(b);
  });

  it('never logs tokens, passwords, query strings or capability ids: a path with ids logs as its pattern', async () => {
    const { app, logs } = appWith();
    const player = await ctx.api.player();
    const { encryptJson } = await import('../../core/api/envelope.ts');
    const e_data = await encryptJson(
      JSON.stringify({ method: 'game_launch', game_id: 'amber-fortune', mode: 'demo' }),
      ctx.api.publicKey,
    );
    const session = (
      (await (
        await app.request('/gmnggate/api', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ e_data }),
        })
      ).json()) as { session_id: string }
    ).session_id;
    await app.request(`/demo-games/play/${session}`);
    await app.request(`/demo-games/api/sessions/${session}`);
    await app.request('/api/user/me?token=query-secret-123', { headers: { authorization: `Token ${player.token}` } });
    await app.request('/auth/token/login/', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: player.email, password: player.password }),
    });
    await app.request('/demo-pay/d3adb33f-capability', {});
    const text = logs.join('\n');
    for (const secret of [session, player.token, player.password, 'query-secret-123', 'd3adb33f-capability'])
      expect(text).not.toContain(secret);
    const lines = logs.map((line) => JSON.parse(line) as { path: string; route: string; status: number });
    expect(lines.map(({ path, route }) => [path, route])).toEqual([
      ['/gmnggate/api', '/gmnggate/api'],
      ['/demo-games/play/:sessionId', '/demo-games/play/:sessionId'],
      ['/demo-games/api/sessions/:id', '/demo-games/api/sessions/:id'],
      ['/api/user/me', '/api/user/me'],
      ['/auth/token/login/', '/auth/token/login/'],
      ['/demo-pay/:id', '/demo-pay/:id'],
    ]);
  });

  it('logs a server error with the request id and the route pattern, never the capability in the path', async () => {
    const broken = {
      ...ctx.api.db,
      query: () => Promise.reject(new Error('connection refused')),
      transaction: () => Promise.reject(new Error('connection refused')),
    } as Services['db'];
    const { app, logs } = appWith({ db: broken });
    const errors: string[] = [];
    const spy = vi.spyOn(console, 'error').mockImplementation((line: string) => void errors.push(line));
    try {
      const response = await app.request(`/demo-games/api/sessions/${'c0ffee'.repeat(6)}c0ff`, {
        headers: { 'x-request-id': 'req-000000042' },
      });
      expect(response.status).toBe(500);
    } finally {
      spy.mockRestore();
    }
    expect(errors.map((line) => JSON.parse(line))).toEqual([
      { level: 'error', id: 'req-000000042', path: '/demo-games/api/sessions/:id', error: 'connection refused' },
    ]);
    expect(JSON.parse(logs[0]!)).toMatchObject({
      level: 'error',
      id: 'req-000000042',
      path: '/demo-games/api/sessions/:id',
      status: 500,
    });
  });

  it('labels a path no route claims as static, with its path (the site has no ids in paths)', async () => {
    const { app, logs } = appWith();
    expect((await app.request('/ru/no-such-page')).status).toBe(404);
    expect(JSON.parse(logs[0]!)).toMatchObject({ path: '/ru/no-such-page', route: 'static', status: 404 });
  });
});
