import type { Queryable } from '../../db/database.ts';

/**
 * A public `crash` event of the shared room (docs/live-stream.md), written in the transaction that
 * made it, so it reaches every node's streams only if that transaction commits.
 */
export async function publishCrashEvent(tx: Queryable, now: Date, data: Record<string, unknown>): Promise<void> {
  await tx.query(`INSERT INTO stream_events (user_id, name, data, created_at) VALUES (NULL, 'crash', $1, $2)`, [
    JSON.stringify(data),
    now.toISOString(),
  ]);
}
