import type { MiddlewareHandler } from 'hono';
import type { AppEnv, Services } from '../app-env.ts';
import { clientAddress } from '../http/client-address.ts';
import type { Queryable } from '../db/database.ts';
import { RateLimited } from '../base/domain-errors.ts';
import { countAttempt } from './rate-counters.ts';

/**
 * Anonymous demo play costs the server a session row, rounds and revealed seeds, so an
 * anonymous visitor must not be able to grow the database without bound. Launches and seed rotations of demo sessions
 * are limited per client address:
 * DEMO_MAX_PER_ADDRESS of each per DEMO_WINDOW_SECONDS, then 429 with Retry-After.
 */
export async function admitDemo(
  { db, config, clock }: Services,
  what: 'launch' | 'seeds',
  address: string,
): Promise<void> {
  const [count] = await countAttempt(db, [`demo-${what}:${address}`], config.auth.demoWindowSeconds, clock());
  if (count!.count > config.auth.demoMaxPerAddress) {
    throw new RateLimited('games.demo_limited', { minutes: Math.ceil(count!.retryAfter / 60) }, count!.retryAfter);
  }
}

/** Counts a seed rotation of a demo session (real sessions are the signed-in player's own). */
export function demoSeedLimit(services: Services): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const [session] = await services.db.query<{ mode: string }>('SELECT mode FROM game_sessions WHERE id = $1', [
      c.req.param('id') ?? '',
    ]);
    if (session?.mode === 'demo') await admitDemo(services, 'seeds', clientAddress(c, services.config.auth.trustProxy));
    await next();
  };
}

/** Deletes expired demo sessions with their rounds (cascade) and their revealed seeds; answers how many sessions. */
export async function purgeExpiredDemo(db: Queryable, now: Date): Promise<number> {
  const [row] = await db.query<{ n: number }>(
    `WITH gone AS (DELETE FROM game_sessions WHERE mode = 'demo' AND expires_at < $1 RETURNING id),
          reveals AS (DELETE FROM game_seed_reveals WHERE session_id IN (SELECT id FROM gone))
     SELECT count(*)::int AS n FROM gone`,
    [now.toISOString()],
  );
  return row!.n;
}
