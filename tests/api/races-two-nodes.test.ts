import { afterAll, describe, expect, it } from 'vitest';
import type { Services } from '../../server/src/app-env.ts';
import type { Database } from '../../server/src/db/database.ts';
import { manualClock } from '../../server/src/base/clock.ts';
import { openDatabase } from '../../server/src/db/open.ts';
import { createRace } from '../../server/src/services/promotions/races/race-definition.ts';
import { accrueRaceStake } from '../../server/src/services/promotions/races/running-races.ts';
import { settleEndedRaces } from '../../server/src/services/promotions/races/race-settlement.ts';
import { databaseUrlFor } from './fixtures/postgres-template.ts';
import { useTestApi } from './harness.ts';

/**
 * A race of 200 players settled by two API nodes at the same moment (issue 41): each prize is paid
 * exactly once and the ledger holds exactly the prize table. On PostgreSQL the second node is a
 * second connection pool on the same database; PGlite is one process's embedded database, so there
 * both nodes share it and the claim's exactly-once is tested against concurrent calls only.
 */
const clock = manualClock(new Date('2026-07-01T00:00:00Z'));
const ctx = useTestApi({}, { clock });
const PLAYERS = 200;
const PRIZES = 50;
let second: Database | undefined;

afterAll(async () => {
  await second?.close();
});

/** The second node's database: its own pool on PostgreSQL, the same embedded database on PGlite. */
async function secondNode(): Promise<Database> {
  const { db } = ctx.api;
  if (db.kind === 'pglite') return db;
  const [where] = await db.query<{ database: string; schema: string }>(
    'SELECT current_database() AS database, current_schema() AS schema',
  );
  second = await openDatabase({
    databaseUrl: databaseUrlFor(process.env.DATABASE_URL!, where!.database),
    schema: where!.schema === 'public' ? undefined : where!.schema,
  });
  return second;
}

const money = (cents: number) => `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;

describe('a race of 200 players settled by two nodes at once', () => {
  it('pays each of the 50 prizes once; the ledger holds exactly the prize table', async () => {
    const nodeA = ctx.api.services;
    const nodeB: Services = { ...ctx.api.services, db: await secondNode() };
    // Places 1–10 cash 100.00 down to 10.00; 11–50 bonus 2.50 each.
    const prizes = Array.from({ length: PRIZES }, (_, index) =>
      index < 10 ? { amount: money((10 - index) * 1000), kind: 'cash' } : { amount: '2.50', kind: 'bonus' },
    );
    const race = await createRace(
      nodeA.db,
      {
        name: 'Big race',
        startsAt: clock(),
        endsAt: new Date(clock().getTime() + 86_400_000),
        gameIds: [],
        categories: ['slots'],
        prizes,
        bonusMultiplier: 5,
      },
      null,
      clock(),
    );
    const users = await nodeA.db.query<{ id: number }>(
      `INSERT INTO users (email, username, password_hash, referral_code, date_joined)
       SELECT 'racer' || n || '@example.test', 'racer_' || n, 'no-sign-in', 'race-ref-' || n, $1
       FROM generate_series(1, ${PLAYERS}) AS n RETURNING id`,
      [clock().toISOString()],
    );
    expect(users).toHaveLength(PLAYERS);
    // Stakes from 0.01 to 0.60 (many ties), accrued one after another on alternate nodes, so the
    // order of reaching each total is known here, apart from the service.
    const expected = users.map(({ id }, index) => ({ id, cents: ((index * 37) % 60) + 1, order: index }));
    for (const [index, player] of expected.entries()) {
      const services = index % 2 ? nodeB : nodeA;
      await services.db.transaction((tx) =>
        accrueRaceStake(tx, services.db, {
          userId: player.id,
          gameId: 'fruit-fiesta',
          stake: money(player.cents),
          now: clock(),
        }),
      );
    }
    const ranked = [...expected].sort((a, b) => b.cents - a.cents || a.order - b.order);

    clock.advance(86_400);
    const paid = await Promise.all([
      settleEndedRaces(nodeA),
      settleEndedRaces(nodeB),
      settleEndedRaces(nodeA),
      settleEndedRaces(nodeB),
    ]);
    expect(paid.reduce((sum, n) => sum + n, 0)).toBe(PRIZES);
    expect(paid.filter((n) => n > 0)).toHaveLength(1);

    const rows = await nodeA.db.query<{ position: number; user_id: number; amount: string; kind: string }>(
      'SELECT position, user_id, amount::text, kind FROM race_prizes WHERE race_id = $1 ORDER BY position',
      [race],
    );
    expect(rows).toEqual(
      prizes.map((prize, index) => ({
        position: index + 1,
        user_id: ranked[index]!.id,
        amount: prize.amount,
        kind: prize.kind,
      })),
    );
    const [sums] = await nodeA.db.query<{ cash: string; bonus: string; rows: number }>(
      `SELECT COALESCE(sum(l.amount) FILTER (WHERE l.account = 'cash'), 0)::text AS cash,
              COALESCE(sum(l.amount) FILTER (WHERE l.account = 'bonus'), 0)::text AS bonus, count(*)::int AS rows
       FROM ledger l WHERE l.user_id = ANY($1::int[])`,
      [users.map(({ id }) => id)],
    );
    // 100 + 90 + … + 10 = 550.00 cash; 40 × 2.50 = 100.00 bonus; one ledger row per prize.
    expect(sums).toEqual({ cash: '550.00', bonus: '100.00', rows: PRIZES });
  });
});
