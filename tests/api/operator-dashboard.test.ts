import { describe, expect, it } from 'vitest';
import { manualClock } from '../../server/src/base/clock.ts';
import { useTestApi } from './harness.ts';
import { download, parseCsv } from './operator-csv.ts';
import { staffMember } from './operator-harness.ts';

const clock = manualClock(new Date('2026-04-10T08:00:00Z'));
const ctx = useTestApi({}, { clock });

/** One history item and its ledger rows, written straight into the schema at a given time. */
async function move(
  userId: number,
  type: string,
  status: string,
  at: string,
  ledger: [account: 'cash' | 'bonus', amount: string][],
  extra: { game?: string; decidedAt?: string } = {},
) {
  const total = ledger.reduce((sum, [, amount]) => sum + Math.round(Number(amount) * 100), 0);
  const [item] = await ctx.api.db.query<{ id: number }>(
    `INSERT INTO transactions (user_id, type, amount, status, template, params, created_at, decided_at)
     VALUES ($1, $2, $3::numeric, $4, 'test', $5::jsonb, $6, $7) RETURNING id`,
    [
      userId,
      type,
      (total === 0 ? (type === 'game' ? 0 : 1) : total / 100).toFixed(2),
      status,
      JSON.stringify(extra.game ? { game: extra.game } : {}),
      at,
      extra.decidedAt ?? null,
    ],
  );
  for (const [account, amount] of ledger) {
    await ctx.api.db.query(
      'INSERT INTO ledger (user_id, account, amount, transaction_id, created_at) VALUES ($1, $2, $3::numeric, $4, $5)',
      [userId, account, amount, item!.id, at],
    );
  }
}

const figures = (text: string) =>
  Object.fromEntries(
    [...text.matchAll(/<td class="num" data-figure="(\w+)">([^<]*)<\/td>/g)].map((match) => [match[1], match[2]]),
  );
const facts = (text: string) =>
  Object.fromEntries(
    [...text.matchAll(/<dd data-figure="(\w+)">(?:<a [^>]*>)?([^<]*)/g)].map((match) => [match[1], match[2]]),
  );

describe('dashboard figures from a hand-made data set', () => {
  it('deposits, withdrawals asked and paid, bets, wins, GGR, bonus cost, NGR, players by day and game', async () => {
    const a = await ctx.api.player();
    const b = await ctx.api.player();
    clock.advance(86_400); // 2026-04-11 08:00
    const c = await ctx.api.player();
    // Nothing else in this file's schema moves money: registrations add no ledger rows.
    expect((await ctx.api.db.query('SELECT id FROM ledger')).length).toBe(0);
    const d1 = '2026-04-10T10:00:00Z';
    const d2 = '2026-04-11T09:30:00Z';
    await move(a.id, 'deposit', 'completed', d1, [['cash', '100.00']]);
    await move(
      a.id,
      'game',
      'completed',
      d1,
      [
        ['cash', '-10.00'],
        ['cash', '25.50'],
      ],
      { game: 'g1' },
    );
    await move(b.id, 'deposit', 'completed', d1, [['cash', '50.00']]);
    await move(b.id, 'game', 'completed', d1, [['cash', '-5.00']], { game: 'g2' });
    await move(
      b.id,
      'game',
      'cancelled',
      d1,
      [
        ['cash', '-3.00'],
        ['cash', '3.00'],
      ],
      { game: 'g1' },
    ); // rolled back: neither bet nor win
    await move(b.id, 'bonus', 'completed', d1, [['bonus', '7.25']]); // granted to the bonus account: no cost yet
    await move(a.id, 'withdrawal', 'completed', d2, [['cash', '-40.00']], { decidedAt: '2026-04-11T11:00:00Z' });
    await move(b.id, 'bonus', 'completed', d2, [
      ['bonus', '-7.25'],
      ['cash', '7.25'],
    ]); // released to cash: the bonus cost
    await move(
      a.id,
      'game',
      'completed',
      d2,
      [
        ['cash', '-20.00'],
        ['cash', '12.00'],
      ],
      { game: 'g2' },
    );
    await move(c.id, 'deposit', 'completed', d2, [['cash', '30.00']]);
    await move(
      c.id,
      'withdrawal',
      'cancelled',
      d2,
      [
        ['cash', '-10.00'],
        ['cash', '10.00'],
      ],
      { decidedAt: '2026-04-11T11:30:00Z' },
    ); // rejected
    await move(a.id, 'deposit', 'completed', '2026-04-12T00:00:00Z', [['cash', '1000.00']]); // after the range
    await ctx.api.db.query(
      `UPDATE users u SET balance = COALESCE((SELECT sum(amount) FROM ledger l WHERE l.user_id = u.id AND l.account =
        'cash'), 0),
      bonus_balance = COALESCE((SELECT sum(amount) FROM ledger l WHERE l.user_id = u.id AND l.account = 'bonus'), 0)
      WHERE id = ANY($1::int[])`,
      [[a.id, b.id, c.id]],
    );
    clock.advance(4 * 3600); // 2026-04-11 12:00

    const admin = await staffMember(ctx.api, 'admin');
    const range = await admin.client.get('/operator?period=range&from=2026-04-10&to=2026-04-11');
    expect(range.status).toBe(200);
    expect(figures(range.text)).toEqual({
      deposits: '€180.00',
      withdrawals_requested: '€50.00',
      withdrawals_paid: '€40.00',
      bets: '€35.00',
      wins: '€37.50',
      ggr: '-€2.50',
      bonus_cost: '€7.25',
      adjustments: '€0.00',
      ngr: '-€9.75',
    });
    expect(facts(range.text)).toMatchObject({
      new_players: '3',
      active_players: '2',
      pending_withdrawals: '0 totalling €0.00',
      pending_verifications: '0',
    });
    const day = (date: string) =>
      [
        ...(new RegExp(`<tr data-day="${date}">([\\s\\S]*?)</tr>`).exec(range.text)?.[1] ?? '').matchAll(
          /<td[^>]*>([^<]*)<\/td>/g,
        ),
      ].map((m) => m[1]);
    expect(day('2026-04-10')).toEqual([
      '2026-04-10',
      '€150.00',
      '€0.00',
      '€0.00',
      '€15.00',
      '€25.50',
      '-€10.50',
      '€0.00',
      '€0.00',
      '-€10.50',
    ]);
    expect(day('2026-04-11')).toEqual([
      '2026-04-11',
      '€30.00',
      '€50.00',
      '€40.00',
      '€20.00',
      '€12.00',
      '€8.00',
      '€7.25',
      '€0.00',
      '€0.75',
    ]);
    const games = [...range.text.matchAll(/<tr data-game="(\w+)">([\s\S]*?)<\/tr>/g)].map((m) => [
      m[1],
      ...[...m[2]!.matchAll(/<td[^>]*>([^<]*)<\/td>/g)].map((cell) => cell[1]),
    ]);
    expect(games).toEqual([
      ['g2', 'g2', '2', '2', '€25.00', '€12.00', '€13.00'],
      ['g1', 'g1', '1', '1', '€10.00', '€25.50', '-€15.50'],
    ]);
    // The chart is SVG drawn on the server: one deposits and one GGR bar per day, no script.
    expect((range.text.match(/<rect class="deposits"/g) ?? []).length).toBe(2);
    expect((range.text.match(/<rect class="ggr"/g) ?? []).length).toBe(2);
    expect(range.text).not.toContain('<script');
    // Readable at every range: 90 days draw a bar per two days, a year one per five, never under 3 units
    // (720 units at least 720 px wide at 1,280 px); the daily table beside keeps every day's figures.
    for (const [to, bars, days] of [
      ['2026-06-28', 45, 2],
      ['2027-03-31', 74, 5],
    ] as const) {
      const long = await admin.client.get(`/operator?period=range&from=2026-03-31&to=${to}`);
      const widths = [...long.text.matchAll(/<rect class="(?:deposits|ggr)"[^>]* width="([\d.]+)"/g)].map((m) =>
        Number(m[1]),
      );
      expect(widths).toHaveLength(2 * bars);
      expect(Math.min(...widths)).toBeGreaterThanOrEqual(3);
      expect(long.text).toContain(
        `<title>2026-03-31 – ${new Date(Date.parse('2026-03-31') + (days - 1) * 86_400_000)
          .toISOString()
          .slice(0, 10)} Deposits</title>`,
      );
      expect((long.text.match(/<tr data-day=/g) ?? []).length).toBe(
        (Date.parse(to) - Date.parse('2026-03-31')) / 86_400_000 + 1,
      );
    }

    const today = await admin.client.get('/operator');
    expect(figures(today.text)).toEqual({
      deposits: '€30.00',
      withdrawals_requested: '€50.00',
      withdrawals_paid: '€40.00',
      bets: '€20.00',
      wins: '€12.00',
      ggr: '€8.00',
      bonus_cost: '€7.25',
      adjustments: '€0.00',
      ngr: '€0.75',
    });
    expect(facts(today.text)).toMatchObject({ new_players: '1', active_players: '1' });
    const week = await admin.client.get('/operator?period=7d');
    expect(week.text).toContain('<p data-period>From 2026-04-05 to 2026-04-11 (UTC days, both included)</p>');
    expect(figures(week.text).ggr).toBe('-€2.50');
    const month = await admin.client.get('/operator?period=30d');
    expect(month.text).toContain('<p data-period>From 2026-03-13 to 2026-04-11 (UTC days, both included)</p>');
    const empty = await admin.client.get('/operator?period=range&from=2025-01-01&to=2025-01-02');
    expect(figures(empty.text)).toEqual({
      deposits: '€0.00',
      withdrawals_requested: '€0.00',
      withdrawals_paid: '€0.00',
      bets: '€0.00',
      wins: '€0.00',
      ggr: '€0.00',
      bonus_cost: '€0.00',
      adjustments: '€0.00',
      ngr: '€0.00',
    });
    expect(empty.text).toContain('No game was played in this period.');
    for (const bad of ['from=2026-04-11&to=2026-04-10', 'from=2024-01-01&to=2026-01-01', 'from=04/10/2026']) {
      expect((await admin.client.get(`/operator?period=range&${bad}`)).status, bad).toBe(400);
    }

    // The same tables as CSV.
    const daily = await download(
      admin.client,
      '/operator/dashboard/daily.csv?period=range&from=2026-04-10&to=2026-04-11',
    );
    expect(parseCsv(daily.text)).toEqual([
      'day,currency,deposits,withdrawals_requested,withdrawals_paid,bets,wins,ggr,bonus_cost,adjustments,ngr'.split(
        ',',
      ),
      ['2026-04-10', 'EUR', '150.00', '0.00', '0.00', '15.00', '25.50', '-10.50', '0.00', '0.00', '-10.50'],
      ['2026-04-11', 'EUR', '30.00', '50.00', '40.00', '20.00', '12.00', '8.00', '7.25', '0.00', '0.75'],
    ]);
    const perGame = await download(
      admin.client,
      '/operator/dashboard/games.csv?period=range&from=2026-04-10&to=2026-04-11',
    );
    expect(parseCsv(perGame.text)).toEqual([
      ['game', 'name', 'currency', 'rounds', 'players', 'bets', 'wins', 'ggr'],
      // Rounds linked to no game record keep the name their history item was shown under.
      ['g2', 'g2', 'EUR', '2', '2', '25.00', '12.00', '13.00'],
      ['g1', 'g1', 'EUR', '1', '1', '10.00', '25.50', '-15.50'],
    ]);
  });
});

describe("payments list and a player's history as CSV", () => {
  it("lists payments 50 a page with totals, exports them and a player's history (audited as a view)", async () => {
    const player = await ctx.api.player();
    await ctx.api.db.query('UPDATE users SET username = $2 WHERE id = $1', [player.id, '@SUM(1+1)*cmd']);
    for (let i = 0; i < 55; i++) {
      await ctx.api.db.query(
        `INSERT INTO payments (id, user_id, amount, currency, method, status, return_url, lang, created_at, expires_at)
         VALUES (gen_random_uuid(), $1, $2::numeric, 'EUR', $3, $4, 'https://example.test', 'en', $5::timestamptz +
         make_interval(mins => $6), $5::timestamptz + interval '1 day')`,
        [
          player.id,
          `${i + 1}.00`,
          i % 2 ? 'crypto' : 'card',
          i % 5 === 0 ? 'pending' : 'completed',
          '2027-02-01T00:00:00Z',
          i,
        ],
      );
    }
    const admin = await staffMember(ctx.api, 'admin');
    const list = await admin.client.get('/operator/payments?from=2027-02-01&to=2027-02-01');
    expect(list.text).toContain('<p data-range>Showing 1–50 of 55</p>');
    expect(list.text).toContain('<dd data-total-amount="EUR">€1,540.00</dd>'); // 1 + … + 55
    const last = await admin.client.get('/operator/payments?from=2027-02-01&to=2027-02-01&page=2');
    expect(last.text).toContain('<p data-range>Showing 51–55 of 55</p>');
    const pending = await admin.client.get(
      '/operator/payments?status=pending&method=card&from=2027-02-01&to=2027-02-01',
    );
    expect(pending.text).toContain('<dd data-total-count>6</dd>'); // i = 0, 10, 20, 30, 40, 50
    const csv = parseCsv(
      (await download(admin.client, '/operator/payments.csv?status=pending&method=card&from=2027-02-01&to=2027-02-01'))
        .text,
    );
    expect(csv[0]).toEqual(
      (
        'id,status,player_id,username,email,amount,currency,method,created_utc,completed_utc,provider_reference,' +
        'country'
      ).split(','),
    );
    expect(csv.slice(1).map((row) => [row[3], row[5], row[7], row[8], row[11]])).toEqual(
      [50, 40, 30, 20, 10, 0].map((i) => [
        "'@SUM(1+1)*cmd",
        `${i + 1}.00`,
        'Bank card',
        new Date(Date.parse('2027-02-01T00:00:00Z') + i * 60_000).toISOString(),
        // The player's country of residence, as registered (the harness's players live in Andorra).
        'AD',
      ]),
    );

    await ctx.api.db.query(
      'INSERT INTO transactions (user_id, type, amount, status, method, template, params, created_at) ' +
        "VALUES ($1, 'deposit', 12.34, 'completed', 'card', 'deposit', '{\"method\":\"card\"}', " +
        "'2027-02-02T10:00:00Z')",
      [player.id],
    );
    const history = parseCsv((await download(admin.client, `/operator/players/${player.id}/history.csv`)).text);
    expect(history[0]).toEqual(['id', 'time_utc', 'type', 'description', 'amount', 'currency', 'status', 'method']);
    expect(history.slice(1).map((row) => [row[1], row[2], row[4], row[5], row[6], row[7]])).toEqual([
      ['2027-02-02T10:00:00.000Z', 'deposit', '12.34', 'EUR', 'completed', 'card'],
    ]);
    const [viewed] = await ctx.api.db.query<{ after: unknown }>(
      "SELECT after FROM staff_audit WHERE action = 'player.view' AND target_id = $1 AND staff_id = $2",
      [String(player.id), admin.id],
    );
    expect(viewed!.after).toEqual({ export: 'history.csv' });
    expect((await admin.client.get('/operator/players/999999/history.csv')).status).toBe(404);
  });
});
