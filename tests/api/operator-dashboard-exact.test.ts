import { describe, expect, it } from 'vitest';
import { manualClock } from '../../server/src/base/clock.ts';
import { dashboard, gameFigures, type Range } from '../../server/src/operator/services/dashboard.ts';
import { breakdown } from '../../server/src/operator/services/report-figures/report-breakdown.ts';
import { useTestApi } from './harness.ts';

/**
 * The dashboard's SQL (one scan per figure family, rounds grouped by key, a larger work_mem) must
 * give exactly what a plain computation over the same rows gives: here that computation is done in
 * JavaScript with integer cents, from the generated data set itself, never from the database.
 */
const clock = manualClock(new Date('2026-04-20T08:00:00Z'));
const ctx = useTestApi({}, { clock });

/** A small deterministic generator (mulberry32), so a failure can be replayed. */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface Row {
  account: 'cash' | 'bonus';
  cents: bigint;
  at: string;
}
interface Move {
  user: number;
  currency: string;
  type: string;
  status: string;
  game?: string;
  decidedAt?: string;
  rows: Row[];
}

const cents = (value: bigint) => {
  const size = value < 0n ? -value : value;
  return `${value < 0n ? '-' : ''}${size / 100n}.${String(size % 100n).padStart(2, '0')}`;
};
const dayOf = (instant: string) => new Date(instant).toISOString().slice(0, 10);
const inRange = (instant: string | undefined, range: Range) =>
  !!instant && Date.parse(instant) >= Date.parse(range.from) && Date.parse(instant) < Date.parse(range.to);

/** The figures computed directly from the moves, as the dashboard defines them. */
function expected(moves: Move[], joined: { id: number; at: string }[], names: Map<string, string>, range: Range) {
  const zero = () => ({
    deposits: 0n,
    withdrawals_requested: 0n,
    withdrawals_paid: 0n,
    bets: 0n,
    wins: 0n,
    bonus_cost: 0n,
    adjustments: 0n,
  });
  const days = new Map<string, ReturnType<typeof zero>>();
  const at = (currency: string, day: string) =>
    days.get(`${currency} ${day}`) ?? days.set(`${currency} ${day}`, zero()).get(`${currency} ${day}`)!;
  const games = new Map<
    string,
    {
      game: string;
      currency: string;
      rounds: number;
      players: Set<number>;
      bets: bigint;
      wins: bigint;
      hasBets: boolean;
    }
  >();
  const active = new Set<number>();
  for (const move of moves) {
    const round = move.type === 'game' && move.status !== 'cancelled';
    const inside = move.rows.filter((row) => inRange(row.at, range));
    for (const row of inside) {
      const figures = at(move.currency, dayOf(row.at));
      if (move.type === 'deposit' && row.cents > 0n) figures.deposits += row.cents;
      if (move.type === 'withdrawal' && row.cents < 0n) figures.withdrawals_requested -= row.cents;
      if (round && row.cents < 0n) figures.bets -= row.cents;
      if (round && row.cents > 0n) figures.wins += row.cents;
      if ((move.type === 'bonus' || move.type === 'referral') && row.account === 'cash' && row.cents > 0n)
        figures.bonus_cost += row.cents;
      if (move.type === 'adjustment') figures.adjustments += row.cents;
    }
    if (move.type === 'withdrawal' && move.status === 'completed' && inRange(move.decidedAt, range)) {
      // Paid is the history item's amount (its ledger total: the request's debit).
      at(move.currency, dayOf(move.decidedAt!)).withdrawals_paid -= move.rows.reduce((sum, row) => sum + row.cents, 0n);
    }
    if (round && inside.length) {
      const key = `${move.game} ${move.currency}`;
      const game =
        games.get(key) ??
        games
          .set(key, {
            game: move.game!,
            currency: move.currency,
            rounds: 0,
            players: new Set(),
            bets: 0n,
            wins: 0n,
            hasBets: false,
          })
          .get(key)!;
      game.rounds += 1;
      game.players.add(move.user);
      active.add(move.user);
      for (const row of inside) {
        if (row.cents < 0n) {
          game.bets -= row.cents;
          game.hasBets = true;
        } else game.wins += row.cents;
      }
    }
  }
  const shown = (figures: ReturnType<typeof zero>) => ({
    deposits: cents(figures.deposits),
    withdrawals_requested: cents(figures.withdrawals_requested),
    withdrawals_paid: cents(figures.withdrawals_paid),
    bets: cents(figures.bets),
    wins: cents(figures.wins),
    ggr: cents(figures.bets - figures.wins),
    bonus_cost: cents(figures.bonus_cost),
    adjustments: cents(figures.adjustments),
    ngr: cents(figures.bets - figures.wins - figures.bonus_cost - figures.adjustments),
  });
  const totals = new Map<string, ReturnType<typeof zero>>();
  for (const [key, figures] of days) {
    const currency = key.split(' ')[0]!;
    const total = totals.get(currency) ?? totals.set(currency, zero()).get(currency)!;
    for (const name of Object.keys(figures) as (keyof typeof figures)[]) total[name] += figures[name];
  }
  return {
    totals: [...totals]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([currency, figures]) => ({ currency, ...shown(figures) })),
    days: [...days]
      .map(([key, figures]) => ({ day: key.split(' ')[1]!, currency: key.split(' ')[0]!, ...shown(figures) }))
      .sort((a, b) => a.currency.localeCompare(b.currency) || a.day.localeCompare(b.day)),
    games: [...games.values()].map((game) => ({
      game: game.game,
      name: names.get(game.game) ?? game.game,
      currency: game.currency,
      rounds: game.rounds,
      players: game.players.size,
      bets: cents(game.bets),
      wins: cents(game.wins),
      ggr: cents(game.bets - game.wins),
    })),
    players: { new_players: joined.filter((user) => inRange(user.at, range)).length, active_players: active.size },
  };
}

const byGame = <T extends { game: string; currency: string }>(rows: T[]) =>
  [...rows].sort((a, b) => a.game.localeCompare(b.game) || a.currency.localeCompare(b.currency));

describe('dashboard figures equal a direct computation', () => {
  it('600+ history items in two currencies: rounds over midnight, rollbacks, refunds, bonuses, referrals', async () => {
    const { db } = ctx.api;
    const next = random(25);
    const pick = <T>(items: readonly T[]) => items[Math.floor(next() * items.length)]!;
    const start = Date.parse('2026-04-01T00:00:00Z');
    const instant = (dayOffset: number, second: number) =>
      new Date(start + dayOffset * 86_400_000 + second * 1000).toISOString();

    const users: { id: number; currency: string; at: string }[] = [];
    for (let i = 0; i < 24; i++) {
      const currency = i % 4 === 3 ? 'USD' : 'EUR';
      const at = instant(Math.floor(next() * 20), Math.floor(next() * 86_400));
      const [user] = await db.query<{ id: number }>(
        `INSERT INTO users (email, username, first_name, password_hash, currency, referral_code, date_joined,
          activated_at)
         VALUES ($1, $2, 'Exact', 'x', $3, $4, $5, $5) RETURNING id`,
        [`exact${i}@example.test`, `exact_${i}`, currency, `EXACT${i}`, at],
      );
      users.push({ id: user!.id, currency, at });
    }
    const catalogue = (
      await db.query<{ id: string; name: string }>('SELECT id, name FROM games ORDER BY id LIMIT 5')
    ).map((row) => row.id);
    const games = [...catalogue, 'retired-game']; // a game no longer in the catalogue keeps its id as its name
    const names = new Map(
      (await db.query<{ id: string; name: string }>('SELECT id, name FROM games')).map((row) => [row.id, row.name]),
    );

    const amount = (max: number) => BigInt(1 + Math.floor(next() * max * 100));
    const moves: Move[] = [];
    for (let i = 0; i < 600; i++) {
      const user = pick(users);
      const day = Math.floor(next() * 20);
      // Some items happen in the last minute of a UTC day, so a round's win falls on the next day.
      const second = next() < 0.15 ? 86_340 + Math.floor(next() * 59) : Math.floor(next() * 86_000);
      const at = instant(day, second);
      const later = instant(day, second + 30 + Math.floor(next() * 90));
      const kind = pick([
        'deposit',
        'deposit',
        'withdrawal',
        'game',
        'game',
        'game',
        'game',
        'bonus',
        'referral',
        'adjustment',
      ] as const);
      const move: Move = { user: user.id, currency: user.currency, type: kind, status: 'completed', rows: [] };
      if (kind === 'deposit') move.rows.push({ account: 'cash', cents: amount(200), at });
      if (kind === 'referral') move.rows.push({ account: 'cash', cents: amount(20), at });
      if (kind === 'bonus') {
        const size = amount(30);
        if (next() < 0.5) move.rows.push({ account: 'bonus', cents: size, at });
        else move.rows.push({ account: 'bonus', cents: -size, at }, { account: 'cash', cents: size, at });
      }
      // Staff adjustments both ways, on either account.
      if (kind === 'adjustment')
        move.rows.push({
          account: next() < 0.8 ? 'cash' : 'bonus',
          cents: next() < 0.5 ? amount(50) : -amount(50),
          at,
        });
      if (kind === 'withdrawal') {
        const size = amount(150);
        move.rows.push({ account: 'cash', cents: -size, at });
        move.status = pick(['pending', 'completed', 'cancelled']);
        if (move.status !== 'pending')
          move.decidedAt = instant(day + Math.floor(next() * 3), Math.floor(next() * 86_000));
        if (move.status === 'cancelled') move.rows.push({ account: 'cash', cents: size, at: move.decidedAt! });
      }
      if (kind === 'game') {
        move.game = pick(games);
        move.status = next() < 0.1 ? 'cancelled' : 'completed';
        const stake = amount(20);
        move.rows.push({ account: 'cash', cents: -stake, at });
        if (move.status === 'cancelled') move.rows.push({ account: 'cash', cents: stake, at: later });
        else if (next() < 0.6) move.rows.push({ account: 'cash', cents: amount(40), at: next() < 0.5 ? at : later });
      }
      moves.push(move);
    }
    // An opening deposit and bonus before every range, so no balance goes below zero.
    for (const user of users) {
      const spent = (account: Row['account']) =>
        moves
          .filter((move) => move.user === user.id)
          .flatMap((move) => move.rows)
          .filter((row) => row.account === account && row.cents < 0n)
          .reduce((sum, row) => sum - row.cents, 0n);
      const opening = instant(-20, 3600);
      moves.unshift({
        user: user.id,
        currency: user.currency,
        type: 'deposit',
        status: 'completed',
        rows: [{ account: 'cash', cents: spent('cash') + 100n, at: opening }],
      });
      moves.unshift({
        user: user.id,
        currency: user.currency,
        type: 'bonus',
        status: 'completed',
        rows: [{ account: 'bonus', cents: spent('bonus') + 100n, at: opening }],
      });
    }
    for (const move of moves) {
      const total = move.rows.reduce((sum, row) => sum + row.cents, 0n);
      const [item] = await db.query<{ id: number }>(
        `INSERT INTO transactions (user_id, type, amount, status, template, params, created_at, decided_at)
         VALUES ($1, $2, $3::numeric, $4, 'test', $5::jsonb, $6, $7) RETURNING id`,
        [
          move.user,
          move.type,
          cents(total === 0n ? 1n : total),
          move.status,
          JSON.stringify(move.game ? { game: move.game } : {}),
          move.rows[0]!.at,
          move.decidedAt ?? null,
        ],
      );
      for (const row of move.rows) {
        await db.query(
          'INSERT INTO ledger (user_id, account, amount, transaction_id, created_at) VALUES ($1, $2, ' +
            '$3::numeric, $4, $5)',
          [move.user, row.account, cents(row.cents), item!.id, row.at],
        );
      }
    }
    // Balances follow the ledger (the harness checks it after each test).
    await db.query(
      `UPDATE users u SET balance = COALESCE((SELECT sum(amount) FROM ledger l WHERE l.user_id = u.id AND l.account =
        'cash'), 0),
      bonus_balance = COALESCE((SELECT sum(amount) FROM ledger l WHERE l.user_id = u.id AND l.account = 'bonus'), 0)
      WHERE id = ANY($1::int[])`,
      [users.map((user) => user.id)],
    );
    // The data set has what the figures must get right.
    expect(
      moves.some(
        (move) =>
          move.type === 'game' &&
          move.rows.length > 1 &&
          dayOf(move.rows[0]!.at) !== dayOf(move.rows[1]!.at) &&
          move.status === 'completed',
      ),
    ).toBe(true);
    expect(moves.filter((move) => move.type === 'game' && move.status === 'cancelled').length).toBeGreaterThan(5);
    expect(new Set(moves.map((move) => move.currency)).size).toBe(2);
    expect(moves.some((move) => move.type === 'adjustment' && move.rows[0]!.cents < 0n)).toBe(true);
    expect(moves.some((move) => move.type === 'adjustment' && move.rows[0]!.cents > 0n)).toBe(true);

    const ranges: Range[] = [
      { from: '2026-04-01T00:00:00.000Z', to: '2026-04-21T00:00:00.000Z' }, // everything
      { from: '2026-04-05T00:00:00.000Z', to: '2026-04-12T00:00:00.000Z' }, // a week: rounds cut at both ends
      { from: '2026-04-09T00:00:00.000Z', to: '2026-04-10T00:00:00.000Z' }, // one day
      { from: '2026-05-01T00:00:00.000Z', to: '2026-05-02T00:00:00.000Z' }, // nothing
    ];
    for (const range of ranges) {
      const want = expected(moves, users, names, range);
      const got = await dashboard(db, range);
      expect(got.totals, `totals ${range.from}`).toEqual(want.totals);
      expect(got.days, `days ${range.from}`).toEqual(want.days);
      expect(byGame(got.games), `games ${range.from}`).toEqual(byGame(want.games));
      expect(got.players, `players ${range.from}`).toEqual(want.players);
      // Most GGR first, and the CSV's table is the page's.
      const ggr = got.games.map((row) => Math.round(Number(row.ggr) * 100));
      expect(ggr).toEqual([...ggr].sort((a, b) => b - a));
      expect(await gameFigures(db, range)).toEqual(got.games);
      // NGR by plain SQL written apart (one sum per part, no shared fragment), and the reports' NGR.
      const plain = await db.query<{ currency: string; ngr: string }>(
        `SELECT u.currency, (
            COALESCE(sum(-l.amount) FILTER (WHERE t.type = 'game' AND t.status <> 'cancelled'), 0)
          - COALESCE(sum(l.amount) FILTER (
              WHERE t.type IN ('bonus', 'referral') AND l.account = 'cash' AND l.amount > 0), 0)
          - COALESCE(sum(l.amount) FILTER (WHERE t.type = 'adjustment'), 0))::text AS ngr
         FROM ledger l JOIN transactions t ON t.id = l.transaction_id JOIN users u ON u.id = l.user_id
         WHERE l.created_at >= $1 AND l.created_at < $2 GROUP BY u.currency ORDER BY u.currency`,
        [range.from, range.to],
      );
      expect(
        got.totals.map((row) => ({ currency: row.currency, ngr: row.ngr })),
        `ngr ${range.from}`,
      ).toEqual(plain);
      const byCountry = await breakdown(db, range, 'country');
      for (const total of got.totals) {
        const reported = byCountry
          .filter((row) => row.currency === total.currency)
          .reduce((sum, row) => sum + BigInt(row.ngr.replace('.', '')), 0n);
        expect(cents(reported), `reports' ngr ${range.from}`).toBe(total.ngr);
      }
    }
    expect((await dashboard(db, ranges[3]!)).totals).toEqual([]);
  });
});
