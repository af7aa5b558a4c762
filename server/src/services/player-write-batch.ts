import type { Database, Queryable } from '../db/database.ts';
import { inPlayerQueue } from './per-player-queue.ts';

/** One money write, in the two forms a group commit needs. */
export interface BatchableWrite<T> {
  /** How it runs when nothing else of the player's is waiting: as it always has. */
  alone(): Promise<T>;
  /** How it runs inside a transaction shared with the player's other waiting writes. */
  inTransaction(tx: Queryable): Promise<T>;
}

interface Waiting {
  write: BatchableWrite<unknown>;
  resolve(value: unknown): void;
  reject(error: unknown): void;
}

/** Enough to empty any realistic burst, few enough that one batch never holds the row for long. */
const MOST_PER_BATCH = 32;

/** The batch of each player that has not started yet: a write arriving now joins it. */
const open = new Map<number, Waiting[]>();

/**
 * Group commit for one player's writes. A player's money writes take turns on their row lock,
 * each paying a whole commit (a WAL flush, 2–8 ms on this kind of disk) while the next one waits:
 * ten at once meant the last waited ten flushes. Writes that arrive while an earlier one of the
 * player's is running wait together and then run in ONE transaction, each inside its own savepoint,
 * so they share one flush. Nobody is answered before that COMMIT, so durability is unchanged; one
 * write that fails (a refusal, or a database error) is rolled back to its savepoint alone and the
 * others still commit. A write that finds nobody waiting runs alone, exactly as before.
 */
export function inPlayerBatch<T>(db: Database, userId: number, write: BatchableWrite<T>): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    let batch = open.get(userId);
    if (!batch || batch.length >= MOST_PER_BATCH) {
      const jobs: Waiting[] = [];
      open.set(userId, jobs);
      batch = jobs;
      void inPlayerQueue(userId, () => {
        // From here on this batch is running: later writes start the next one.
        if (open.get(userId) === jobs) open.delete(userId);
        return runBatch(db, jobs);
      });
    }
    batch.push({ write: write as BatchableWrite<unknown>, resolve: resolve as (value: unknown) => void, reject });
  });
}

async function runBatch(db: Database, jobs: Waiting[]): Promise<void> {
  if (jobs.length === 1) {
    const [job] = jobs;
    await job!.write.alone().then(job!.resolve, job!.reject);
    return;
  }
  const settled: Array<{ ok: true; value: unknown } | { ok: false; error: unknown }> = [];
  try {
    await db.transaction(async (tx) => {
      for (const job of jobs) {
        await tx.query('SAVEPOINT player_write');
        try {
          settled.push({ ok: true, value: await job.write.inTransaction(tx) });
          await tx.query('RELEASE SAVEPOINT player_write');
        } catch (error) {
          await tx.query('ROLLBACK TO SAVEPOINT player_write');
          settled.push({ ok: false, error });
        }
      }
    });
  } catch (error) {
    // The COMMIT itself (or the connection) failed: nothing of the batch is known to be written.
    for (const job of jobs) job.reject(error);
    return;
  }
  jobs.forEach((job, i) => {
    const outcome = settled[i]!;
    if (outcome.ok) job.resolve(outcome.value);
    else job.reject(outcome.error);
  });
}
