import type { Services } from '../app-env.ts';
import { settleExpiredRounds } from '../providers/games/step-rounds.ts';

/** Any fixed number, other than the startup lock's: one node at a time sweeps. */
const ROUND_SWEEP_LOCK = 5_301_053;

type SweepServices = Pick<Services, 'db' | 'clock' | 'config'>;

/**
 * Housekeeping: settles every open multi-step round whose game session has ended by any means
 * (expired, signed out, ended by a time-out, exclusion, suspension or closure) by its game's
 * published rule. On PostgreSQL a transaction-scoped advisory lock lets one node sweep while
 * another's call answers `undefined` at once; each round still settles in its own transaction
 * under its row lock. PGlite is one process, so it needs no lock. Answers the rounds settled.
 */
export async function sweepEndedRounds(services: SweepServices): Promise<number | undefined> {
  if (services.db.kind === 'pglite') return settleExpiredRounds(services);
  return services.db.transaction(async (tx) => {
    const [lock] = await tx.query<{ held: boolean }>('SELECT pg_try_advisory_xact_lock($1) AS held', [
      ROUND_SWEEP_LOCK,
    ]);
    if (!lock?.held) return undefined;
    return settleExpiredRounds(services);
  });
}

/** Runs the sweep every ROUND_SWEEP_SECONDS (unref'd: it never keeps the process up); answers its stop. */
export function startRoundSweep(services: SweepServices): () => void {
  const timer = setInterval(() => {
    sweepEndedRounds(services).catch((error: unknown) =>
      console.error(JSON.stringify({ level: 'error', event: 'round_sweep', detail: (error as Error).message })),
    );
  }, services.config.games.roundSweepMs);
  timer.unref();
  return () => clearInterval(timer);
}
