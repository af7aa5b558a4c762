import { createHash } from 'node:crypto';
import type { Database, Queryable } from '../db/database.ts';
import { InvalidRequest, Mismatch } from '../base/domain-errors.ts';

/** What a money operation made; the route decides how to answer it. */
export interface Outcome<T> {
  body: T;
  /** True when this is the stored answer to an earlier request with the same key. */
  replayed?: boolean;
}

const KEY = /^[\x21-\x7e]{1,255}$/;

/**
 * Runs a money operation once per `Idempotency-Key`. The key row is inserted in the same
 * transaction as the operation: a concurrent retry on PostgreSQL waits on the primary key until
 * the first commits, then reads its answer. A refused operation rolls back, key included, so a
 * retry after fixing the input acts normally. Without a key the operation just runs, in a
 * transaction of its own.
 */
export async function runOnce<T>(
  db: Database,
  scope: { userId: number; name: string; key: string | undefined; request: unknown; now: Date },
  work: (tx: Queryable) => Promise<Outcome<T>>,
): Promise<Outcome<T>> {
  if (scope.key === undefined) return db.transaction(work);
  if (!KEY.test(scope.key)) throw new InvalidRequest('choice_invalid');
  const requestHash = createHash('sha256').update(JSON.stringify(scope.request)).digest('hex');
  return db.transaction(async (tx) => {
    const ids = [scope.userId, scope.name, scope.key];
    const inserted = await tx.query(
      `INSERT INTO idempotency_keys (user_id, scope, key, request_hash, created_at)
        VALUES ($1, $2, $3, $4, $5)
        ON CONFLICT DO NOTHING
        RETURNING 1`,
      [...ids, requestHash, scope.now.toISOString()],
    );
    if (!inserted.length) {
      const [stored] = await tx.query<{ request_hash: string; response: T }>(
        `SELECT request_hash, response FROM idempotency_keys WHERE user_id = $1 AND scope = $2 AND key = $3`,
        ids,
      );
      if (!stored || stored.request_hash !== requestHash) throw new Mismatch('idempotency_conflict');
      return { body: stored.response, replayed: true };
    }
    const outcome = await work(tx);
    await tx.query(`UPDATE idempotency_keys SET response = $4::jsonb WHERE user_id = $1 AND scope = $2 AND key = $3`, [
      ...ids,
      JSON.stringify(outcome.body),
    ]);
    return outcome;
  });
}
