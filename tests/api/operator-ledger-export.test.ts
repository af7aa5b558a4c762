import { describe, expect, it } from 'vitest';
import { manualClock } from '../../server/src/base/clock.ts';
import { useTestApi } from './harness.ts';
import { download, parseCsv } from './operator-csv.ts';
import { staffMember } from './operator-harness.ts';

const clock = manualClock(new Date('2026-06-01T08:00:00Z'));
const ctx = useTestApi({}, { clock });

/**
 * 11,000 ledger rows over five days, in pairs that cancel (each balance stays equal to its ledger),
 * with four rows on each second so ties of time meet the export's batch boundaries (5,000 rows).
 */
async function generateLedger(players: number[]) {
  await ctx.api.db.query(
    `WITH t AS (
       INSERT INTO transactions (user_id, type, amount, status, template, created_at)
       SELECT ($1::int[])[1 + i % array_length($1::int[], 1)], 'game', 0, 'completed', 'test',
              '2026-06-01T00:00:00Z'::timestamptz + (i / 4) * interval '314 seconds'
       FROM generate_series(0, 5499) i RETURNING id, user_id, created_at)
     INSERT INTO ledger (user_id, account, amount, transaction_id, created_at)
       SELECT user_id, 'cash', -(1 + id % 37 + 0.25), id, created_at FROM t
       UNION ALL SELECT user_id, 'cash', 1 + id % 37 + 0.25, id, created_at FROM t`,
    [players],
  );
}

describe('the ledger export', () => {
  it('streams every ledger row of a range of days, oldest first, equal to the ledger read apart', async () => {
    const players = [(await ctx.api.player()).id, (await ctx.api.player()).id, (await ctx.api.player()).id];
    await generateLedger(players);
    const admin = await staffMember(ctx.api, 'admin');

    const all = await download(admin.client, '/operator/ledger.csv');
    expect(all.response.status).toBe(200);
    expect(all.response.headers.get('cache-control')).toBe('no-store');
    expect(all.response.headers.get('content-disposition')).toBe('attachment; filename="ledger-start-now.csv"');
    const rows = parseCsv(all.text);
    expect(rows[0]).toEqual([
      'id',
      'time_utc',
      'player_id',
      'currency',
      'account',
      'amount',
      'history_id',
      'type',
      'status',
    ]);
    const expected = await ctx.api.db.query<{ line: string[] }>(
      `SELECT ARRAY[l.id::text, to_char(l.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
                    l.user_id::text, u.currency, l.account, l.amount::text, t.id::text, t.type, t.status] AS line
       FROM ledger l JOIN users u ON u.id = l.user_id JOIN transactions t ON t.id = l.transaction_id
       ORDER BY l.created_at, l.id`,
    );
    expect(expected.length).toBe(11000);
    expect(rows.slice(1)).toEqual(expected.map((row) => row.line));

    // Three days of the five (UTC, both included): exactly the rows whose time falls in them.
    const part = parseCsv((await download(admin.client, '/operator/ledger.csv?from=2026-06-02&to=2026-06-04')).text);
    const [sums] = await ctx.api.db.query<{ count: number; total: string }>(
      `SELECT count(*)::int AS count, sum(abs(amount))::text AS total FROM ledger
       WHERE created_at >= '2026-06-02T00:00:00Z' AND created_at < '2026-06-05T00:00:00Z'`,
    );
    const { count, total } = sums!;
    expect(count).toBeGreaterThan(5000);
    expect(part.length - 1).toBe(count);
    const cents = part.slice(1).reduce((sum, row) => sum + Math.abs(Math.round(Number(row[5]) * 100)), 0);
    expect((cents / 100).toFixed(2)).toBe(Number(total).toFixed(2));
    expect(part.slice(1).every((row) => row[1]! >= '2026-06-02T' && row[1]! < '2026-06-05T')).toBe(true);
    expect(new Set(part.slice(1).map((row) => row[0])).size).toBe(count);

    // A range with no movements is the header alone; a day that is no day is refused.
    expect(parseCsv((await download(admin.client, '/operator/ledger.csv?from=2030-01-01')).text)).toHaveLength(1);
    const bad = await admin.client.get('/operator/ledger.csv?from=2026-02-30');
    expect(bad.status).toBe(400);
    expect((await admin.client.get('/operator/ledger.csv?to=yesterday')).status).toBe(400);
  });

  it('is offered on the dashboard for the days it shows', async () => {
    const admin = await staffMember(ctx.api, 'admin');
    const page = await admin.client.get('/operator?period=range&from=2026-05-01&to=2026-05-31');
    expect(page.text).toContain('href="/operator/ledger.csv?from=2026-05-01&amp;to=2026-05-31" download');
  });
});
