import type { MiddlewareHandler } from 'hono';
import { routeOf } from '../http/request-log.ts';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Services } from '../app-env.ts';
import { openGameSessions } from '../services/database-status.ts';
import type { Lifecycle } from './lifecycle.ts';

/**
 * Prometheus metrics (`GET /metrics`, docs/deploying.md). Two registries: the process's own
 * (Node's default metrics, among them event-loop lag, and the wallet counters the money code
 * increments wherever it runs) and one per app (request durations, the password queue, the
 * database pool, open game sessions), so each test's app counts only its own requests.
 */
const processRegistry = new Registry();
collectDefaultMetrics({ register: processRegistry, eventLoopMonitoringPrecision: 20 });

export type WalletOperation = 'bet' | 'raise' | 'win' | 'rollback' | 'withdrawal';

const walletOperations = new Counter({
  name: 'amberplay_wallet_operations_total',
  help: 'Wallet operations by kind and result (ok, insufficient_funds, refused, replayed, conflict)',
  labelNames: ['operation', 'result'] as const,
  registers: [processRegistry],
});

/** Counts one wallet operation; called by the money code once it knows the result. */
export function countWalletOperation(operation: WalletOperation, result: string): void {
  walletOperations.inc({ operation, result });
}

export interface AppMetrics {
  /** Times each request by route pattern, method and status. */
  observe: MiddlewareHandler;
  /** The text Prometheus scrapes. */
  render(): Promise<{ contentType: string; body: string }>;
}

export function createAppMetrics(services: Services, lifecycle: Lifecycle): AppMetrics {
  const registry = new Registry();
  const duration = new Histogram({
    name: 'amberplay_http_request_duration_seconds',
    help: 'Time from request to answer, by route pattern, method and status',
    labelNames: ['route', 'method', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  new Gauge({
    name: 'amberplay_http_requests_in_flight',
    help: 'Requests being answered right now',
    registers: [registry],
    collect() {
      this.set(lifecycle.inFlight);
    },
  });
  new Gauge({
    name: 'amberplay_password_queue_depth',
    help: 'Password hashes and checks by state: running, or waiting for a slot',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      this.set({ state: 'running' }, services.passwords.active);
      this.set({ state: 'waiting' }, services.passwords.queued);
    },
  });
  new Gauge({
    name: 'amberplay_password_queue_limit',
    help: 'Password jobs at once (concurrency) and that may wait (waiting); beyond both, 503',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      this.set({ state: 'running' }, services.passwords.concurrency);
      this.set({ state: 'waiting' }, services.passwords.maxWaiting);
    },
  });
  new Gauge({
    name: 'amberplay_db_pool_connections',
    help: 'Database connections by state: total, idle, and callers waiting for one (PGlite has one connection)',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      const pool = services.db.poolStats?.();
      if (!pool) return;
      this.set({ state: 'total' }, pool.total);
      this.set({ state: 'idle' }, pool.idle);
      this.set({ state: 'waiting' }, pool.waiting);
    },
  });
  new Gauge({
    name: 'amberplay_game_sessions_open',
    help: 'Launched game sessions not yet expired, by mode (real, demo)',
    labelNames: ['mode'] as const,
    registers: [registry],
    async collect() {
      const open = await openGameSessions(services.db, services.clock());
      for (const mode of ['real', 'demo']) this.set({ mode }, open[mode] ?? 0);
    },
  });

  return {
    observe: async (c, next) => {
      const stop = duration.startTimer();
      try {
        await next();
      } finally {
        stop({ route: routeOf(c), method: c.req.method, status: String(c.res.status) });
      }
    },
    async render() {
      const body = (await registry.metrics()) + (await processRegistry.metrics());
      return { contentType: registry.contentType, body };
    },
  };
}
