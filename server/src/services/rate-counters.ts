import type { Queryable } from '../db/database.ts';

export interface Count {
  key: string;
  /** Attempts in the current window, this one included. */
  count: number;
  /** Seconds until the window ends and the count starts again from zero. */
  retryAfter: number;
}

/**
 * Counts one attempt against each key and answers the new counts, in ONE statement: the row is
 * locked while it is incremented, so N parallel attempts read N distinct counts on PostgreSQL
 * and PGlite alike. A window is fixed: it starts at the first attempt and lasts `windowSeconds`.
 * Keys are locked in the order given, so always pass them in the same order (broad to narrow).
 */
export async function countAttempt(db: Queryable, keys: string[], windowSeconds: number, now: Date): Promise<Count[]> {
  const rows = await db.query<{ key: string; count: number; window_start: Date | string }>(
    `INSERT INTO rate_counters AS r (key, count, window_start)
     VALUES ${keys.map((_, index) => `($${index + 3}, 1, $1::timestamptz)`).join(', ')}
     ON CONFLICT (key) DO UPDATE SET
       count = CASE WHEN r.window_start <= $1::timestamptz - make_interval(secs => $2) THEN 1 ELSE r.count + 1 END,
       window_start = CASE WHEN r.window_start <= $1::timestamptz - make_interval(secs => $2) THEN $1::timestamptz ELSE
       r.window_start END
     RETURNING key, count, window_start`,
    [now.toISOString(), windowSeconds, ...keys],
  );
  return rows.map((row) => ({
    key: row.key,
    count: row.count,
    retryAfter: Math.max(
      1,
      Math.ceil((new Date(row.window_start).getTime() + windowSeconds * 1000 - now.getTime()) / 1000),
    ),
  }));
}

/** Takes one attempt back, e.g. a sign-in that turned out right does not count as a failure. */
export async function uncountAttempt(db: Queryable, key: string): Promise<void> {
  await db.query('UPDATE rate_counters SET count = count - 1 WHERE key = $1 AND count > 0', [key]);
}

export async function resetCounter(db: Queryable, key: string): Promise<void> {
  await db.query('DELETE FROM rate_counters WHERE key = $1', [key]);
}

/** Deletes every counter whose window ended, so the table holds only live windows. */
export async function pruneCounters(db: Queryable, longestWindowSeconds: number, now: Date): Promise<void> {
  await db.query('DELETE FROM rate_counters WHERE window_start <= $1::timestamptz - make_interval(secs => $2)', [
    now.toISOString(),
    longestWindowSeconds,
  ]);
}
