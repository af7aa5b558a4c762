/**
 * The top of the console's player page (issue 43, item 2): name, date of birth, account age and
 * the lifetime figures from the ledger, checked against sums computed apart in the test; and search
 * by exact id, which opens that player before any partial match.
 */
import { describe, expect, it } from 'vitest';
import { fromCents } from '#core/api/money.ts';
import { manualClock } from '../../server/src/base/clock.ts';
import { useTestApi } from './harness.ts';
import { staffMember } from './operator-harness.ts';

const clock = manualClock(new Date('2026-09-15T12:00:00Z'));
const ctx = useTestApi({}, { clock });

/** The text of one fact at the top of the page. */
const fact = (text: string, name: string) => new RegExp(`<dd data-fact="${name}">([^<]*)</dd>`).exec(text)?.[1];

/** One history item with its ledger rows (account, signed cents), as the wallet writes them. */
async function item(userId: number, type: string, status: string, rows: [account: string, cents: number][]) {
  const at = clock().toISOString();
  // The item's amount is its first movement (a rejected withdrawal's money came back after it).
  const amount = rows[0]![1];
  const [tx] = await ctx.api.db.query<{ id: number }>(
    `INSERT INTO transactions (user_id, type, amount, status, template, created_at)
     VALUES ($1, $2, $3::numeric, $4, $2, $5) RETURNING id`,
    [userId, type, fromCents(BigInt(amount)), status, at],
  );
  for (const [account, cents] of rows) {
    await ctx.api.db.query(
      `INSERT INTO ledger (user_id, account, amount, transaction_id, created_at) VALUES ($1, $2, $3::numeric, $4, $5)`,
      [userId, account, fromCents(BigInt(cents)), tx!.id, at],
    );
    // The balances stay the sum of the ledger, as the harness checks after each test.
    const column = account === 'cash' ? 'balance' : 'bonus_balance';
    await ctx.api.db.query(`UPDATE users SET ${column} = ${column} + $2::numeric WHERE id = $1`, [
      userId,
      fromCents(BigInt(cents)),
    ]);
  }
}

describe('the top of the player page', () => {
  it('name, date of birth, account age and lifetime figures equal to sums computed apart', async () => {
    const player = await ctx.api.player();
    const other = await ctx.api.player();
    await ctx.api.db.query(
      "UPDATE users SET first_name = 'Ingrid', last_name = 'Vasquez', date_of_birth = '1990-02-28', date_joined = $2 " +
        'WHERE id = $1',
      [player.id, new Date('2026-08-16T18:00:00Z').toISOString()],
    );
    // A generated history: amounts in cents, by a fixed pseudo-random walk (no two runs differ).
    let seed = 43;
    const next = () => (seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648) % 100_000;
    // A first deposit large enough that no later debit takes a balance below zero.
    await item(player.id, 'deposit', 'completed', [['cash', 500_000]]);
    const want = { deposits: 500_000, withdrawals: 0, ggr: 0, bonus_cost: 0 };
    for (let i = 0; i < 40; i++) {
      const [a, b] = [next() + 1, next() + 1];
      await item(player.id, 'deposit', 'completed', [['cash', a]]);
      want.deposits += a;
      // A paid withdrawal counts; a pending or cancelled one (rejected: its money back) does not.
      const status = ['completed', 'pending', 'cancelled'][i % 3]!;
      await item(
        player.id,
        'withdrawal',
        status,
        status === 'rejected'
          ? [
              ['cash', -b],
              ['cash', b],
            ]
          : [['cash', -b]],
      );
      if (status === 'completed') want.withdrawals += b;
      // A bonus released to cash costs; a bonus granted (the bonus account) does not yet.
      await item(player.id, i % 2 ? 'bonus' : 'referral', 'completed', [['cash', 100 + i]]);
      await item(player.id, 'bonus', 'completed', [['bonus', 999]]);
      want.bonus_cost += 100 + i;
      // A round (stake from cash and bonus, a win); a rolled-back one is no GGR.
      const rolledBack = i % 5 === 0;
      await item(player.id, 'game', rolledBack ? 'cancelled' : 'completed', [
        ['cash', -a],
        ['bonus', -50],
        ['cash', b],
      ]);
      if (!rolledBack) want.ggr += a + 50 - b;
      // Another player's money never counts here.
      await item(other.id, 'deposit', 'completed', [['cash', b]]);
    }
    const support = await staffMember(ctx.api, 'support');
    const page = (await support.client.get(`/operator/players/${player.id}`)).text;
    expect(fact(page, 'name')).toBe('Ingrid Vasquez');
    expect(fact(page, 'date_of_birth')).toBe('1990-02-28');
    // The country given at registration, named in English with its code.
    expect(fact(page, 'country')).toBe('Andorra (AD)');
    expect(fact(page, 'account_age')).toBe('29 days');
    const euros = (cents: number) => `€${(cents / 100).toLocaleString('en', { minimumFractionDigits: 2 })}`;
    expect(fact(page, 'deposits')).toBe(euros(want.deposits));
    expect(fact(page, 'withdrawals')).toBe(euros(want.withdrawals));
    expect(fact(page, 'net')).toBe(euros(want.deposits - want.withdrawals).replace('€-', '-€'));
    expect(fact(page, 'ggr')).toBe(euros(want.ggr).replace('€-', '-€'));
    expect(fact(page, 'bonus_cost')).toBe(euros(want.bonus_cost));

    // The same figures by plain SQL over the ledger, one sum each.
    const sum = async (where: string) =>
      (
        await ctx.api.db.query<{ s: string }>(
          `SELECT COALESCE(sum(l.amount), 0)::text AS s FROM ledger l JOIN transactions t ON t.id = l.transaction_id
           WHERE l.user_id = $1 AND ${where}`,
          [player.id],
        )
      )[0]!.s;
    expect(await sum("t.type = 'deposit'")).toBe(fromCents(BigInt(want.deposits)));
    expect(await sum("t.type = 'withdrawal' AND t.status = 'completed'")).toBe(fromCents(BigInt(-want.withdrawals)));
    expect(await sum("t.type = 'game' AND t.status <> 'cancelled'")).toBe(fromCents(BigInt(-want.ggr)));

    // The clock moves a day (the console session ends): the age follows it; an empty profile says so.
    clock.advance(86_400);
    const later = await staffMember(ctx.api, 'support');
    // An account made before the country was asked has none.
    await ctx.api.db.query('UPDATE users SET date_of_birth = NULL, country = NULL WHERE id = $1', [other.id]);
    const bare = (await later.client.get(`/operator/players/${other.id}`)).text;
    expect(fact(bare, 'name')).toBe('not given');
    expect(fact(bare, 'date_of_birth')).toBe('not given');
    expect(fact(bare, 'country')).toBe('not given');
    // The search results list the country beside the name.
    const found = (await later.client.get(`/operator/players?q=example.test`)).text;
    expect(found).toMatch(new RegExp(`<tr data-player="${player.id}">.*<td>Andorra \\(AD\\)</td>`, 's'));
    expect(fact((await later.client.get(`/operator/players/${player.id}`)).text, 'account_age')).toBe('30 days');
  });
});

describe('search by exact id', () => {
  it('"2214" opens player 2214, never the player whose card ends in 2214; #2214 and id:2214 too', async () => {
    const holder = await ctx.api.player();
    await ctx.api.db.query(
      'INSERT INTO transactions (user_id, type, amount, status, method, destination, template, created_at) ' +
        "VALUES ($1, 'withdrawal', -5, 'completed', 'card', '•••• 2214', 'withdrawal', $2)",
      [holder.id, clock().toISOString()],
    );
    await ctx.api.db.query(
      `INSERT INTO users (id, email, username, password_hash, currency, referral_code, date_joined)
       OVERRIDING SYSTEM VALUE VALUES (2214, 'quiet@example.test', 'quiet_one', 'x', 'EUR', 'REFQUIET', $1)`,
      [clock().toISOString()],
    );
    const admin = await staffMember(ctx.api, 'admin');
    const search = (q: string, extra = '') => admin.client.get(`/operator/players?q=${encodeURIComponent(q)}${extra}`);

    const bare = await search('2214');
    expect(bare.status).toBe(303);
    expect(bare.location).toBe('/operator/players/2214?by_id=2214');
    const opened = await admin.client.get(bare.location!);
    expect(opened.text).toContain('Opened player 2214 by id.');
    expect(opened.text).toContain('href="/operator/players?q=2214&amp;partial=1"');
    for (const q of ['#2214', 'id:2214', 'ID: 2214'])
      expect((await search(q)).location, q).toBe('/operator/players/2214');

    // The other matches are a link away, without the id.
    const partial = await search('2214', '&partial=1');
    const listed = [...partial.text.matchAll(/<tr data-player="(\d+)">/g)].map((m) => Number(m[1]));
    expect(listed).toContain(holder.id);
    expect(listed).not.toContain(2214);
    // An id nobody has: said so with #, and a bare number falls back to the partial matches.
    const missing = await search('#99999');
    expect(missing.status).toBe(200);
    expect(missing.text).toContain('No player has the id 99999.');
    expect(missing.text).not.toContain('<tr data-player=');
    expect((await search('99999')).text).toContain('No player matches “99999”.');
  });
});
