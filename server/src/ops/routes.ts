import { Hono } from 'hono';
import type { AppEnv, Services } from '../app-env.ts';
import { migrationFiles } from '../db/migrate.ts';
import { appliedMigrations } from '../services/database-status.ts';
import { opsAccess } from './access.ts';
import type { Lifecycle } from './lifecycle.ts';
import type { AppMetrics } from './metrics.ts';

export const HEALTH_PATH = '/healthz';
export const READY_PATH = '/readyz';
export const METRICS_PATH = '/metrics';

/** Why a node is not ready: one word, for the operator (the public only sees "unavailable"). */
export type NotReady = 'shutting_down' | 'database' | 'migrations' | 'key';

/** Each check of `/readyz`, in order; the first that fails is the reason. */
export async function readiness(
  services: Services,
  lifecycle: Lifecycle,
  expected: number[],
): Promise<NotReady | undefined> {
  if (lifecycle.shuttingDown) return 'shutting_down';
  let applied: Set<number>;
  try {
    applied = await appliedMigrations(services.db);
  } catch {
    return 'database';
  }
  if (expected.some((version) => !applied.has(version))) return 'migrations';
  if (!services.privateKeys.length) return 'key';
  return undefined;
}

/**
 * `GET /healthz` (the process answers), `GET /readyz` (it can serve: database reachable,
 * migrations applied, key loaded, not shutting down) and `GET /metrics` (Prometheus). Health
 * answers say ok or not, nothing more, except to whoever may read the metrics.
 */
export function opsRoutes(services: Services, lifecycle: Lifecycle, metrics: AppMetrics) {
  const app = new Hono<AppEnv>();
  const expected = migrationFiles().map((migration) => migration.version);
  const token = services.config.ops.metricsToken;

  app.get(HEALTH_PATH, (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json({ status: 'ok' });
  });

  app.get(READY_PATH, async (c) => {
    c.header('Cache-Control', 'no-store');
    const reason = await readiness(services, lifecycle, expected);
    if (!reason) return c.json({ status: 'ok' });
    c.header('Retry-After', '5');
    return c.json(opsAccess(c, token) === 'ok' ? { status: 'unavailable', reason } : { status: 'unavailable' }, 503);
  });

  app.get(METRICS_PATH, async (c) => {
    c.header('Cache-Control', 'no-store');
    const access = opsAccess(c, token);
    if (access === 'unauthorized') {
      c.header('WWW-Authenticate', 'Bearer realm="metrics"');
      return c.text('Unauthorized', 401);
    }
    if (access === 'forbidden') return c.text('Forbidden: set METRICS_TOKEN to read metrics from another machine', 403);
    const { contentType, body } = await metrics.render();
    return c.body(body, 200, { 'Content-Type': contentType });
  });

  return app;
}
