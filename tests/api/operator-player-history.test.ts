/**
 * The player page's whole history (issue 43, item 2): pages of 50 by cursor on (created_at, id),
 * filters by kind, UTC days and game, "Older" / "Newer" links that keep them. Every page walk is
 * compared with the ids read apart by plain SQL; items that arrive between pages neither repeat nor
 * leave a gap; bad cursors and filters are refused with a 400 that says why.
 */
import { describe, expect, it } from 'vitest';
import { fromCents } from '#core/api/money.ts';
import { manualClock } from '../../server/src/base/clock.ts';
import { useTestApi } from './harness.ts';
import { staffMember, type ConsoleClient } from './operator-harness.ts';

const clock = manualClock(new Date('2026-10-01T12:00:00Z'));
const ctx = useTestApi({}, { clock });

/** One history item with its one ledger row, at `at` (the balance follows the ledger, as the harness checks). */
async function item(userId: number, type: string, cents: number, at: string, game?: string) {
  const [tx] = await ctx.api.db.query<{ id: number }>(
    `INSERT INTO transactions (user_id, type, amount, status, template, params, created_at)
     VALUES ($1, $2, $3::numeric, 'completed', $2, $4::jsonb, $5) RETURNING id`,
    [userId, type, fromCents(BigInt(cents)), JSON.stringify(game ? { game } : {}), at],
  );
  await ctx.api.db.query(
    `INSERT INTO ledger (user_id, account, amount, transaction_id, created_at)
     VALUES ($1, 'cash', $2::numeric, $3, $4)`,
    [userId, fromCents(BigInt(cents)), tx!.id, at],
  );
  await ctx.api.db.query('UPDATE users SET balance = balance + $2::numeric WHERE id = $1', [
    userId,
    fromCents(BigInt(cents)),
  ]);
  return tx!.id;
}

/** Many items at once (one statement), each with its ledger row; then the balances follow the ledger. */
async function items(userId: number, list: { type: string; cents: number; at: string; game?: string }[]) {
  await ctx.api.db.query(
    `WITH t AS (
       INSERT INTO transactions (user_id, type, amount, status, template, params, created_at)
       SELECT $1, type, amount, 'completed', type, params, at
       FROM unnest($2::text[], $3::numeric[], $4::jsonb[], $5::timestamptz[]) AS x(type, amount, params, at)
       RETURNING id, amount, created_at)
     INSERT INTO ledger (user_id, account, amount, transaction_id, created_at)
     SELECT $1, 'cash', amount, id, created_at FROM t`,
    [
      userId,
      list.map((one) => one.type),
      list.map((one) => fromCents(BigInt(one.cents))),
      list.map((one) => JSON.stringify(one.game ? { game: one.game } : {})),
      list.map((one) => one.at),
    ],
  );
  await ctx.api.db.query(
    `UPDATE users SET balance = (SELECT COALESCE(sum(amount), 0) FROM ledger WHERE user_id = $1 AND account = 'cash')
     WHERE id = $1`,
    [userId],
  );
}

const idsOn = (text: string) => [...text.matchAll(/<tr data-history="(\d+)">/g)].map((m) => Number(m[1]));
const pagerOf = (text: string) => /<nav[^>]*data-history-pager>([\s\S]*?)<\/nav>/.exec(text)?.[1] ?? '';
const linkOf = (text: string, rel: 'next' | 'prev') =>
  new RegExp(`<a href="([^"]+)" rel="${rel}">`).exec(pagerOf(text))?.[1]?.replaceAll('&amp;', '&');

/** Follows one kind of link from `start` to the end: every page's ids, in order. */
async function walk(client: ConsoleClient, start: string, rel: 'next' | 'prev', between?: () => Promise<void>) {
  const pages: number[][] = [];
  let path: string | undefined = start;
  while (path) {
    const reply = await client.get(path);
    expect(reply.status, path).toBe(200);
    pages.push(idsOn(reply.text));
    if (pages.length === 1) await between?.();
    path = linkOf(reply.text, rel);
    expect(pages.length).toBeLessThan(20);
  }
  return pages;
}

describe('the player page history, paged by cursor', () => {
  it('walks ~120 filtered rounds 50 a page, with no repeat or gap when items arrive between pages', async () => {
    const player = await ctx.api.player();
    const other = await ctx.api.player();
    const [slots, roulette] = (await ctx.api.db.query<{ id: string }>('SELECT id FROM games ORDER BY id LIMIT 2')).map(
      (row) => row.id,
    );
    await item(player.id, 'deposit', 1_000_000, '2026-08-01T00:00:00.000Z');
    await item(other.id, 'deposit', 1000, '2026-08-01T00:00:00.000Z');
    // A fixed pseudo-random walk (seed 43): kinds, games and times; every fifth item shares the time
    // of the one before it, so the cursor's ties on created_at are broken by id.
    let seed = 43;
    const next = () => (seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648) / 2_147_483_648;
    let at = Date.parse('2026-08-02T00:00:00Z');
    const mine: Parameters<typeof items>[1] = [];
    const theirs: Parameters<typeof items>[1] = [];
    for (let i = 0; i < 400; i++) {
      if (i % 5) at += 1000 + Math.floor(next() * 3 * 3_600_000);
      const iso = new Date(at).toISOString();
      const roll = next();
      if (roll < 0.6) mine.push({ type: 'game', cents: -100 - i, at: iso, game: next() < 0.5 ? slots : roulette });
      else if (roll < 0.75) mine.push({ type: 'deposit', cents: 5000 + i, at: iso });
      else if (roll < 0.85) mine.push({ type: i % 2 ? 'bonus' : 'referral', cents: 200, at: iso });
      else if (roll < 0.95) mine.push({ type: 'adjustment', cents: i % 2 ? 300 : -300, at: iso });
      else mine.push({ type: 'withdrawal', cents: -700, at: iso });
      // Another player's rounds of the same game never show here.
      if (i % 50 === 0) theirs.push({ type: 'game', cents: -1, at: iso, game: slots });
    }
    await items(player.id, mine);
    await items(other.id, theirs);
    const plain = async (where: string, values: unknown[] = []) =>
      (
        await ctx.api.db.query<{ id: number }>(
          `SELECT id FROM transactions WHERE user_id = $1 AND ${where} ORDER BY created_at DESC, id DESC`,
          [player.id, ...values],
        )
      ).map((row) => row.id);
    const admin = await staffMember(ctx.api, 'admin');

    // Rounds of one game: about 120 of them, so three pages.
    const rounds = await plain("type = 'game' AND params->>'game' = $2", [slots]);
    expect(rounds.length).toBeGreaterThan(100);
    expect(rounds.length).toBeLessThan(150);
    const first = `/operator/players/${player.id}?kind=rounds&game=${encodeURIComponent(slots!)}`;
    let arrived: number[] = [];
    const pages = await walk(admin.client, first, 'next', async () => {
      // New rounds of that game arrive after the first page was read.
      clock.advance(60);
      arrived = [
        await item(player.id, 'game', -1, new Date('2026-10-01T12:01:00Z').toISOString(), slots),
        await item(player.id, 'game', -2, new Date('2026-10-01T12:01:00Z').toISOString(), slots),
      ];
    });
    expect(pages.map((page) => page.length)).toEqual([50, 50, rounds.length - 100]);
    // Every round once, newest first, none of those that arrived meanwhile: no repeat, no gap.
    expect(pages.flat()).toEqual(rounds);

    // Back up by "Newer" from the last page: the same pages, then the new rounds on a page of their own.
    const lastPage = `${first}&before=${pages[1]!.at(-1)}`;
    const back = await walk(admin.client, lastPage, 'prev');
    expect(back.slice(0, 3)).toEqual([pages[2], pages[1], pages[0]]);
    expect(back[3]).toEqual([...arrived].reverse());
    expect(back).toHaveLength(4);
    // The links keep the filters.
    const page2 = await admin.client.get(`${first}&before=${pages[0]!.at(-1)}`);
    expect(linkOf(page2.text, 'next')).toBe(
      `/operator/players/${player.id}?kind=rounds&game=${encodeURIComponent(slots!)}` +
        `&before=${pages[1]!.at(-1)}#history`,
    );
    expect(linkOf(page2.text, 'prev')).toContain(`kind=rounds&game=${encodeURIComponent(slots!)}&after=`);

    // Bonuses (bonus and referral items) within a range of UTC days, every page checked against SQL.
    const bonuses = await plain(
      "type IN ('bonus', 'referral') AND created_at >= '2026-08-10T00:00:00Z' AND created_at < '2026-09-06T00:00:00Z'",
    );
    expect(bonuses.length).toBeGreaterThan(0);
    const bonusPages = await walk(
      admin.client,
      `/operator/players/${player.id}?kind=bonuses&from=2026-08-10&to=2026-09-05`,
      'next',
    );
    expect(bonusPages.flat()).toEqual(bonuses);
    // The whole history, unfiltered: every item once.
    expect((await walk(admin.client, `/operator/players/${player.id}`, 'next')).flat()).toEqual(await plain('true'));
    // Each kind alone.
    for (const [kind, types] of [
      ['deposits', "'deposit'"],
      ['withdrawals', "'withdrawal'"],
      ['adjustments', "'adjustment'"],
    ] as const) {
      const walked = (await walk(admin.client, `/operator/players/${player.id}?kind=${kind}`, 'next')).flat();
      expect(walked, kind).toEqual(await plain(`type IN (${types})`));
    }
    // Nothing matches: said so, and no links.
    const empty = await admin.client.get(`/operator/players/${player.id}?kind=rounds&from=2026-01-01&to=2026-01-02`);
    expect(empty.text).toContain('No history items match these filters.');
    expect(linkOf(empty.text, 'next')).toBeUndefined();
  }, 90_000);

  it('refuses bad cursors and filters with a 400 that says why', async () => {
    const player = await ctx.api.player();
    const other = await ctx.api.player();
    const mine = await item(player.id, 'deposit', 1000, '2026-09-01T00:00:00.000Z');
    const theirs = await item(other.id, 'deposit', 1000, '2026-09-01T00:00:00.000Z');
    const support = await staffMember(ctx.api, 'support');
    const open = (query: string) => support.client.get(`/operator/players/${player.id}?${query}`);
    const cases: [string, string][] = [
      ['kind=jackpots', '“Kind” must be one of: deposits, withdrawals, rounds, bonuses, adjustments.'],
      ['before=abc', 'This history page link is not valid for this player'],
      ['after=-5', 'This history page link is not valid for this player'],
      [`before=${theirs}`, 'This history page link is not valid for this player'],
      ['before=999999999', 'This history page link is not valid for this player'],
      [`before=${mine}&after=${mine}`, 'A history page link may go older or newer, not both'],
      ['game=two%20words', '“Game” must be a game id'],
      ['game=%E2%80%AEslots', '“Game” must be a game id'],
      ['from=2026-13-01', '“From (UTC day)” must be a date (YYYY-MM-DD).'],
      ['to=yesterday', '“To (UTC day)” must be a date (YYYY-MM-DD).'],
      ['from=2026-09-02&to=2026-09-01', 'The first day must not be after the last.'],
    ];
    for (const [query, message] of cases) {
      const reply = await open(query);
      expect(reply.status, query).toBe(400);
      expect(reply.text, query).toContain(message);
      expect(reply.text, query).not.toContain(`data-history="${mine}"`);
    }
    // A refused page link is not a view of the player.
    const views = await ctx.api.db.query("SELECT 1 FROM staff_audit WHERE action = 'player.view' AND target_id = $1", [
      String(player.id),
    ]);
    expect(views).toHaveLength(0);
    // The good ones still open.
    expect((await open(`before=${mine}`)).status).toBe(200);
    expect(idsOn((await open('kind=deposits')).text)).toEqual([mine]);
  }, 60_000);
});
