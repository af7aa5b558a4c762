import { describe, expect, it } from 'vitest';
import { manualClock } from '../../server/src/base/clock.ts';
import { useTestApi } from './harness.ts';
import { download, parseCsv } from './operator-csv.ts';
import { staffMember } from './operator-harness.ts';

const clock = manualClock(new Date('2026-03-25T08:00:00Z'));
const ctx = useTestApi({}, { clock });

/** The period the test reports on: three UTC weeks, Monday 2 March to Sunday 22 March 2026. */
const FROM = Date.parse('2026-03-02T00:00:00Z');
const TO = Date.parse('2026-03-23T00:00:00Z');
const DAY = 86_400_000;

/** A pinned pseudo-random sequence (mulberry32), so the data set is the same on every run. */
function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface Move {
  user: number;
  type: 'deposit' | 'game' | 'bonus' | 'adjustment';
  status: 'completed' | 'cancelled';
  at: number;
  /** Ledger rows in cents (cash). */
  cents: number[];
  method?: string;
  game?: string;
}

const iso = (t: number) => new Date(t).toISOString();
const money = (cents: number) => (cents / 100).toFixed(2);

/**
 * 16 players in four countries (one without), some joined before the period, with deposits by
 * three methods (some before the period), rounds of two provider games and one unlinked game (some
 * rolled back), bonuses released to cash and staff adjustments both ways, written straight into the schema.
 */
async function generate() {
  const next = random(4307);
  const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)]!;
  const { db } = ctx.api;
  await db.query(
    `INSERT INTO game_providers (id, base_url, sealed_secrets, created_at)
     VALUES ('amberworks', 'https://provider.example.test', ARRAY['sealed'], $1)`,
    [iso(FROM)],
  );
  await db.query(
    `INSERT INTO provider_games (provider_id, game_id, name, min_bet, max_bet, rtp)
     VALUES ('amberworks', 'aw-lantern', 'Lantern Reels', 0.1, 100, 96.50),
            ('amberworks', 'aw-harbour', 'Harbour Dice', 0.1, 100, 98.00)`,
  );
  const players: { id: number; country: string | null; joined: number }[] = [];
  for (let i = 0; i < 16; i++) {
    const { id } = await ctx.api.player();
    const country = (['DE', 'FR', 'AD', null] as const)[i % 4]!;
    const joined = i < 3 ? FROM - (5 + i) * DAY : FROM + Math.floor(next() * 20 * DAY);
    await db.query('UPDATE users SET country = $2, date_joined = $3 WHERE id = $1', [id, country, iso(joined)]);
    players.push({ id, country, joined });
  }
  const moves: Move[] = [];
  for (const player of players) {
    const deposits = Math.floor(next() * 4); // 0 to 3
    let at = player.joined + Math.floor(next() * 3 * DAY);
    for (let d = 0; d < deposits; d++) {
      moves.push({
        user: player.id,
        type: 'deposit',
        status: 'completed',
        at,
        cents: [5000 + Math.floor(next() * 20000)],
        method: pick(['card', 'bank_transfer', 'crypto']),
      });
      const rounds = 1 + Math.floor(next() * 4);
      for (let r = 0; r < rounds; r++) {
        at += Math.floor(next() * 2 * DAY);
        const stake = 100 + Math.floor(next() * 900);
        const win = next() < 0.5 ? 0 : Math.floor(next() * 1500);
        moves.push({
          user: player.id,
          type: 'game',
          status: next() < 0.15 ? 'cancelled' : 'completed',
          at,
          cents: win ? [-stake, win] : [-stake],
          game: pick(['aw-lantern', 'aw-harbour', 'Old Table']),
        });
      }
      if (next() < 0.4) moves.push({ user: player.id, type: 'bonus', status: 'completed', at, cents: [500] });
      if (next() < 0.3)
        moves.push({
          user: player.id,
          type: 'adjustment',
          status: 'completed',
          at,
          cents: [next() < 0.5 ? 700 : -300],
        });
      at += Math.floor(next() * 4 * DAY);
    }
  }
  for (const [n, move] of moves.entries()) {
    const total = move.cents.reduce((a, b) => a + b, 0);
    const params = move.game ? { game: move.game === 'Old Table' ? 'Old Table' : `name of ${move.game}` } : {};
    const [item] = await db.query<{ id: number }>(
      `INSERT INTO transactions (user_id, type, amount, status, method, template, params, created_at)
       VALUES ($1, $2, $3::numeric, $4, $5, 'test', $6::jsonb, $7) RETURNING id`,
      [move.user, move.type, money(total), move.status, move.method ?? null, JSON.stringify(params), iso(move.at)],
    );
    if (move.game && move.game !== 'Old Table')
      await db.query(
        `INSERT INTO provider_rounds (provider_id, round_id, user_id, game_id, currency, stake, win, state, history_id,
           created_at) VALUES ('amberworks', $1, $2, $3, 'EUR', 0, 0, 'settled', $4, $5)`,
        [`r${n}`, move.user, move.game, item!.id, iso(move.at)],
      );
    for (const cents of move.cents)
      await db.query(
        `INSERT INTO ledger (user_id, account, amount, transaction_id, created_at)
         VALUES ($1, 'cash', $2::numeric, $3, $4)`,
        [move.user, money(cents), item!.id, iso(move.at)],
      );
  }
  // Each balance is its ledger's sum (the harness checks it after the test).
  await db.query(`UPDATE users u SET balance = COALESCE((SELECT sum(amount) FROM ledger l WHERE l.user_id = u.id), 0)`);
  return { players, moves };
}

/** The page's figures by row: `data-<key>` of each row, then each cell's `data-figure` → `data-value`. */
function rowsOf(text: string, key: string) {
  const out = new Map<string, Record<string, string>>();
  for (const match of text.matchAll(new RegExp(`<tr data-${key}="([^"]*)"([^>]*)>([\\s\\S]*?)</tr>`, 'g'))) {
    const currency = /data-currency="(\w+)"/.exec(match[2]!)?.[1];
    const cells = Object.fromEntries(
      [...match[3]!.matchAll(/data-figure="(\w+)" data-value="([^"]*)"/g)].map((cell) => [cell[1], cell[2]]),
    );
    out.set(currency ? `${match[1]}|${currency}` : match[1]!, cells);
  }
  return out;
}

describe('reports', () => {
  it('by country, by method, conversion by day, cohorts and games equal figures computed apart', async () => {
    const { players, moves } = await generate();
    const admin = await staffMember(ctx.api, 'admin');
    const reply = await admin.client.get('/operator/reports?period=range&from=2026-03-02&to=2026-03-22');
    expect(reply.status).toBe(200);
    const text = reply.text;
    const inPeriod = (t: number) => t >= FROM && t < TO;
    const playerOf = new Map(players.map((p) => [p.id, p]));
    const firstDeposit = new Map<number, Move>();
    for (const move of [...moves].sort((a, b) => a.at - b.at))
      if (move.type === 'deposit' && !firstDeposit.has(move.user)) firstDeposit.set(move.user, move);

    // By country and by method, in integer cents.
    const expectBreakdown = (dimension: 'country' | 'method') => {
      const rows = new Map<string, { new_players: number; depositors: Set<number>; c: Record<string, number> }>();
      const row = (key: string | null) => {
        const k = `${key ?? ''}|EUR`;
        if (!rows.has(k))
          rows.set(k, {
            new_players: 0,
            depositors: new Set(),
            c: { deposits: 0, ggr: 0, bonus_cost: 0, adjustments: 0 },
          });
        return rows.get(k)!;
      };
      const playerKey = (id: number) =>
        dimension === 'country' ? playerOf.get(id)!.country : (firstDeposit.get(id)?.method ?? null);
      for (const p of players) if (inPeriod(p.joined)) row(playerKey(p.id)).new_players++;
      for (const move of moves) {
        if (!inPeriod(move.at)) continue;
        const key = dimension === 'method' && move.type === 'deposit' ? move.method! : playerKey(move.user);
        const target = row(key);
        const sum = move.cents.reduce((a, b) => a + b, 0);
        if (move.type === 'deposit') {
          target.c.deposits! += sum;
          target.depositors.add(move.user);
        }
        if (move.type === 'game' && move.status === 'completed') target.c.ggr! -= sum;
        if (move.type === 'bonus') target.c.bonus_cost! += sum;
        if (move.type === 'adjustment') target.c.adjustments! += sum;
      }
      return new Map(
        [...rows].map(([k, v]) => [
          k,
          {
            new_players: String(v.new_players),
            depositors: String(v.depositors.size),
            deposits: money(v.c.deposits!),
            ggr: money(v.c.ggr!),
            bonus_cost: money(v.c.bonus_cost!),
            adjustments: money(v.c.adjustments!),
            ngr: money(v.c.ggr! - v.c.bonus_cost! - v.c.adjustments!),
          },
        ]),
      );
    };
    const byCountry = expectBreakdown('country');
    expect(byCountry.size).toBe(4);
    expect(rowsOf(text, 'country')).toEqual(byCountry);
    const byMethod = expectBreakdown('method');
    expect(byMethod.size).toBeGreaterThanOrEqual(3);
    expect(rowsOf(text, 'method')).toEqual(byMethod);
    // Staff adjustments are a line of their own in NGR: some were made, and NGR is net of them.
    expect([...byCountry.values()].some((row) => row.adjustments !== '0.00')).toBe(true);

    // First-time depositors and conversion by day.
    const days = new Map<string, { registered: number; first: number; converted: number }>();
    const day = (t: number) => {
      const k = iso(t).slice(0, 10);
      if (!days.has(k)) days.set(k, { registered: 0, first: 0, converted: 0 });
      return days.get(k)!;
    };
    for (const p of players.filter((one) => inPeriod(one.joined))) {
      day(p.joined).registered++;
      const first = firstDeposit.get(p.id);
      if (first && first.at < TO) day(p.joined).converted++;
    }
    for (const first of firstDeposit.values()) if (inPeriod(first.at)) day(first.at).first++;
    expect(rowsOf(text, 'day')).toEqual(
      new Map(
        [...days].map(([k, v]) => [
          k,
          {
            registered: String(v.registered),
            first_depositors: String(v.first),
            converted: String(v.converted),
            conversion: v.registered ? (Math.round((1000 * v.converted) / v.registered) / 10).toFixed(1) : '',
          },
        ]),
      ),
    );

    // Retention cohorts: weeks start on Monday 2, 9 and 16 March.
    const week = (t: number) => Math.floor((t - FROM) / (7 * DAY));
    for (const cohort of [0, 1, 2]) {
      const members = players.filter((p) => inPeriod(p.joined) && week(p.joined) === cohort);
      const monday = iso(FROM + cohort * 7 * DAY).slice(0, 10);
      const row = new RegExp(`<tr data-cohort="${monday}">([\\s\\S]*?)</tr>`).exec(text);
      if (!members.length) {
        expect(row).toBeNull();
        continue;
      }
      expect(row![1]).toContain(`data-figure="size" data-value="${members.length}"`);
      for (let later = 0; cohort + later <= 2; later++) {
        const active = members.filter((p) =>
          moves.some(
            (m) =>
              m.user === p.id &&
              m.type === 'game' &&
              m.status === 'completed' &&
              inPeriod(m.at) &&
              week(m.at) === cohort + later,
          ),
        ).length;
        const share = (Math.round((1000 * active) / members.length) / 10).toFixed(1);
        expect(row![1]).toContain(`data-week="${later}" data-active="${active}" data-value="${share}"`);
      }
    }

    // Games and providers: rounds, bets, wins, RTP observed (wins ÷ bets) and published.
    const games = new Map<string, { rounds: number; bets: number; wins: number }>();
    for (const move of moves.filter((m) => m.type === 'game' && m.status === 'completed' && inPeriod(m.at))) {
      for (const key of [
        move.game === 'Old Table' ? '|Old Table' : `amberworks|${move.game}`,
        move.game === 'Old Table' ? '|' : 'amberworks|',
      ]) {
        const g = games.get(key) ?? { rounds: 0, bets: 0, wins: 0 };
        g.rounds++;
        g.bets += -move.cents[0]!;
        g.wins += move.cents[1] ?? 0;
        games.set(key, g);
      }
    }
    const gameRows = new Map<string, Record<string, string>>();
    for (const match of text.matchAll(/<tr data-provider="([^"]*)" data-game="([^"]*)"[^>]*>([\s\S]*?)<\/tr>/g)) {
      gameRows.set(
        `${match[1]}|${match[2]}`,
        Object.fromEntries(
          [...match[3]!.matchAll(/data-figure="(\w+)" data-value="([^"]*)"/g)].map((cell) => [cell[1], cell[2]]),
        ),
      );
    }
    const published: Record<string, string> = {
      'amberworks|aw-lantern': '96.50',
      'amberworks|aw-harbour': '98.00',
      'amberworks|': '96.50',
      '|Old Table': '',
      '|': '',
    };
    expect(gameRows.size).toBe(games.size);
    for (const [key, g] of games) {
      const row = gameRows.get(key)!;
      expect(row.rounds, key).toBe(String(g.rounds));
      expect(row.bets, key).toBe(money(g.bets));
      expect(row.wins, key).toBe(money(g.wins));
      expect(row.ggr, key).toBe(money(g.bets - g.wins));
      expect(row.observed_rtp, key).toBe((Math.round((10000 * g.wins) / g.bets) / 100).toFixed(2));
      expect(row.published_rtp, key).toBe(published[key]);
    }
    // A provider's games are named from its catalogue, not from the history item's text.
    expect(text).toContain('Lantern Reels');
    expect(text).not.toContain('name of aw-lantern');
    // The dashboard's per-game CSV names each game too: the catalogue's name for a provider's game.
    const csv = parseCsv(
      (await download(admin.client, '/operator/dashboard/games.csv?period=range&from=2026-03-02&to=2026-03-22')).text,
    );
    const names = Object.fromEntries(csv.slice(1).map((row) => [row[0], row[1]]));
    expect(names).toEqual({ 'aw-lantern': 'Lantern Reels', 'aw-harbour': 'Harbour Dice', 'Old Table': 'Old Table' });
    expect(csv.slice(1).find((row) => row[0] === 'aw-lantern')?.[3]).toBe(
      String(games.get('amberworks|aw-lantern')!.rounds),
    );
  }, 120_000);

  it('refuses a bad range and shows an empty period plainly', async () => {
    const admin = await staffMember(ctx.api, 'support');
    expect((await admin.client.get('/operator/reports?period=range&from=2026-03-10&to=2026-03-01')).status).toBe(400);
    expect((await admin.client.get('/operator/reports?period=range&from=2026-02-30&to=2026-03-01')).status).toBe(400);
    const empty = await admin.client.get('/operator/reports?period=range&from=2020-01-01&to=2020-01-07');
    expect(empty.status).toBe(200);
    expect(empty.text).toContain('Nothing in these days.');
  });
});
