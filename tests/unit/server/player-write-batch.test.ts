import { describe, expect, it } from 'vitest';
import type { Database, Queryable } from '../../../server/src/db/database.ts';
import { inPlayerBatch } from '../../../server/src/services/player-write-batch.ts';

/** A database that records the statements it is sent, and can be told to fail its COMMIT. */
function recordingDatabase(log: string[], { failCommit = false } = {}): Database {
  const tx: Queryable = {
    query: async <Row>(sql: string) => {
      log.push(sql);
      return [] as Row[];
    },
  };
  return {
    kind: 'pglite',
    query: tx.query,
    exec: async () => {},
    close: async () => {},
    transaction: async (work) => {
      log.push('BEGIN');
      const result = await work(tx);
      if (failCommit) throw new Error('connection lost at COMMIT');
      log.push('COMMIT');
      return result;
    },
  };
}

/** Lets the queue start what it holds: a batch closes once it starts. */
const started = () => new Promise((resolve) => setImmediate(resolve));

/** A write that logs how it ran and answers its name, or throws when told to. */
function write(log: string[], name: string, { fails = false, until = Promise.resolve() } = {}) {
  const act = async (how: string, tx?: Queryable) => {
    await until;
    await tx?.query(`write ${name}`);
    log.push(`${how} ${name}`);
    if (fails) throw new Error(`${name} refused`);
    return name;
  };
  return { alone: () => act('alone'), inTransaction: (tx: Queryable) => act('in transaction', tx) };
}

describe('inPlayerBatch', () => {
  it('runs a lone write as before, then groups the writes that waited into one transaction', async () => {
    const log: string[] = [];
    const db = recordingDatabase(log);
    let finishFirst!: () => void;
    const first = inPlayerBatch(db, 1, write(log, 'w1', { until: new Promise<void>((r) => (finishFirst = r)) }));
    await started();
    const waiting = [
      inPlayerBatch(db, 1, write(log, 'w2')),
      inPlayerBatch(db, 1, write(log, 'w3', { fails: true })),
      inPlayerBatch(db, 1, write(log, 'w4')),
    ];
    const otherPlayer = inPlayerBatch(db, 2, write(log, 'x1'));
    await expect(otherPlayer).resolves.toBe('x1');
    finishFirst();
    await expect(first).resolves.toBe('w1');
    const settled = await Promise.allSettled(waiting);
    expect(settled.map((s) => (s.status === 'fulfilled' ? s.value : (s.reason as Error).message))).toEqual([
      'w2',
      'w3 refused',
      'w4',
    ]);
    expect(log).toEqual([
      'alone x1',
      'alone w1',
      'BEGIN',
      'SAVEPOINT player_write',
      'write w2',
      'in transaction w2',
      'RELEASE SAVEPOINT player_write',
      'SAVEPOINT player_write',
      'write w3',
      'in transaction w3',
      'ROLLBACK TO SAVEPOINT player_write',
      'SAVEPOINT player_write',
      'write w4',
      'in transaction w4',
      'RELEASE SAVEPOINT player_write',
      'COMMIT',
    ]);
  });

  it('answers nobody in a batch whose COMMIT fails, not even the writes that succeeded inside it', async () => {
    const log: string[] = [];
    const db = recordingDatabase(log, { failCommit: true });
    let finishFirst!: () => void;
    const first = inPlayerBatch(db, 3, write(log, 'w1', { until: new Promise<void>((r) => (finishFirst = r)) }));
    await started();
    const batch = [inPlayerBatch(db, 3, write(log, 'w2')), inPlayerBatch(db, 3, write(log, 'w3'))];
    finishFirst();
    await expect(first).resolves.toBe('w1');
    for (const settled of await Promise.allSettled(batch)) {
      expect(settled).toEqual({ status: 'rejected', reason: new Error('connection lost at COMMIT') });
    }
  });
});
