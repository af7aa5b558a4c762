import { describe, expect, it } from 'vitest';
import { manualClock } from '../../server/src/base/clock.ts';
import { balanceOf, useTestApi } from './harness.ts';
import { WITHDRAWAL_CSV_HEADER } from '../csv.ts';
import { download, parseCsv } from './operator-csv.ts';
import { auditOf, staffMember, type ConsoleClient } from './operator-harness.ts';

const clock = manualClock(new Date('2026-03-02T10:00:00Z'));
const ctx = useTestApi({}, { clock });
const CARD = { method: 'card', destination: '4242 4242 4242 4242' };

async function pendingWithdrawal(amount = '40.00') {
  const player = await ctx.api.player({ balance: '100.00', verified: true });
  const res = await ctx.api.request('POST', '/api/user/withdrawal', { token: player.token, body: { amount, ...CARD } });
  expect(res.status).toBe(201);
  return { ...player, withdrawalId: res.body.id as number };
}

/** Pending withdrawals of these amounts, one player each, made one after the other. */
async function pendingWithdrawals(...amounts: string[]) {
  const players = [];
  for (const amount of amounts) players.push(await pendingWithdrawal(amount));
  return { players, ids: players.map((player) => player.withdrawalId) };
}

/** Withdrawal rows written straight into the schema (the list only reads them), one a minute from `start`. */
async function rows(userId: number, start: string, items: { amount: string; status?: string; method?: string }[]) {
  const ids: number[] = [];
  for (const [i, item] of items.entries()) {
    const [row] = await ctx.api.db.query<{ id: number }>(
      `INSERT INTO transactions (user_id, type, amount, status, method, destination, template, created_at)
       VALUES ($1, 'withdrawal', -$2::numeric, $3, $4, '•••• 4242', 'withdrawal', $5::timestamptz + make_interval(mins
       => $6)) RETURNING id`,
      [userId, item.amount, item.status ?? 'pending', item.method ?? 'card', start, i],
    );
    ids.push(row!.id);
  }
  return ids;
}

/** Posts a form whose fields may repeat (every ticked `id`), with the client's session and CSRF token. */
function postFields(client: ConsoleClient, path: string, fields: [string, string][]) {
  const body = new URLSearchParams(fields);
  body.set('csrf', client.csrf);
  const cookie = [...client.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  return ctx.api.app.request(path, {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
    body: body.toString(),
  });
}
const idFields = (ids: number[]) => ids.map((id) => ['id', String(id)] as [string, string]);
const statusOf = async (ids: number[]) =>
  (
    await ctx.api.db.query<{ status: string }>(
      'SELECT status FROM transactions WHERE id = ANY($1::int[]) ORDER BY id',
      [ids],
    )
  ).map((row) => row.status);

const idsOn = (text: string) => [...text.matchAll(/<tr data-withdrawal="(\d+)"/g)].map((match) => Number(match[1]));
const range = (text: string) => /<p data-range>([^<]*)<\/p>/.exec(text)?.[1];

describe('withdrawal list: pages, filters, sort, totals', () => {
  it('pages 50 a page with "showing" and totals of the filtered set; empty and last pages; decided too', async () => {
    const player = await ctx.api.player();
    // 123 rows in January 2031: amounts 1.01 .. 123.01; every 3rd paid, every 5th (not 3rd) rejected, every 7th by
    // crypto.
    const items = Array.from({ length: 123 }, (_, i) => ({
      amount: `${i + 1}.01`,
      status: (i + 1) % 3 === 0 ? 'completed' : (i + 1) % 5 === 0 ? 'cancelled' : 'pending',
      method: (i + 1) % 7 === 0 ? 'crypto' : 'card',
    }));
    const ids = await rows(player.id, '2031-01-05T08:00:00Z', items);
    const admin = await staffMember(ctx.api, 'admin');
    const base = '/operator/withdrawals?status=all&from=2031-01-01&to=2031-01-31';
    const first = await admin.client.get(base);
    expect(range(first.text)).toBe('Showing 1–50 of 123');
    expect(idsOn(first.text)).toEqual(ids.slice(0, 50));
    // 1.01 + … + 123.01 = 7626 + 1.23
    expect(first.text).toContain('<dd data-total-count>123</dd>');
    expect(first.text).toContain('<dd data-total-amount="EUR">€7,627.23</dd>');
    const second = await admin.client.get(`${base}&page=2`);
    expect(range(second.text)).toBe('Showing 51–100 of 123');
    expect(idsOn(second.text)).toEqual(ids.slice(50, 100));
    const last = await admin.client.get(`${base}&page=3`);
    expect(range(last.text)).toBe('Showing 101–123 of 123');
    expect(idsOn(last.text)).toEqual(ids.slice(100));
    expect(last.text).not.toContain('rel="next"');
    expect(last.text).toContain(
      'href="/operator/withdrawals?status=all&amp;from=2031-01-01&amp;to=2031-01-31&amp;page=2" rel="prev"',
    );
    const beyond = await admin.client.get(`${base}&page=4`);
    expect(range(beyond.text)).toBe('No results (0 of 123)');
    expect(idsOn(beyond.text)).toEqual([]);
    const none = await admin.client.get('/operator/withdrawals?status=all&from=2032-01-01&to=2032-01-01');
    expect(range(none.text)).toBe('No results (0 of 0)');
    expect(none.text).toContain('No withdrawal matches these filters.');

    // Status filters, decided ones too.
    const expectIds = (pick: (n: number) => boolean) => ids.filter((_, i) => pick(i + 1));
    const paid = await admin.client.get(`${base.replace('status=all', 'status=paid')}`);
    expect(range(paid.text)).toBe('Showing 1–41 of 41');
    expect(idsOn(paid.text)).toEqual(expectIds((n) => n % 3 === 0));
    expect(paid.text).toMatch(/<td data-state>paid<\/td>/);
    const rejected = await admin.client.get(`${base.replace('status=all', 'status=rejected')}`);
    expect(idsOn(rejected.text)).toEqual(expectIds((n) => n % 3 !== 0 && n % 5 === 0));
    // Method and amount range (both ends included), pending only by default.
    const crypto = await admin.client.get(
      '/operator/withdrawals?method=crypto&min=7.01&max=70.01&from=2031-01-01&to=2031-01-31',
    );
    expect(idsOn(crypto.text)).toEqual(
      expectIds((n) => n % 7 === 0 && n >= 7 && n <= 70 && n % 3 !== 0 && n % 5 !== 0),
    );
    // 7, 14, 28, 49 and 56 are pending crypto rows in the range: 7.01 + 14.01 + 28.01 + 49.01 + 56.01.
    expect(crypto.text).toContain('<dd data-total-amount="EUR">€154.05</dd>');
    // Sort by amount, largest first.
    const sorted = await admin.client.get(`${base}&sort=amount&dir=desc`);
    expect(idsOn(sorted.text).slice(0, 3)).toEqual([ids[122], ids[121], ids[120]]);
    // Date range: one day only.
    const oneDay = await admin.client.get('/operator/withdrawals?status=all&from=2031-01-05&to=2031-01-05');
    expect(range(oneDay.text)).toBe('Showing 1–50 of 123');
    expect(range((await admin.client.get('/operator/withdrawals?status=all&from=2031-01-06&to=2031-01-31')).text)).toBe(
      'No results (0 of 0)',
    );
    for (const bad of ['min=abc', 'max=1.234', 'page=0', 'page=two', 'from=2031-13-01', 'id=x']) {
      expect((await admin.client.get(`/operator/withdrawals?${bad}`)).status, bad).toBe(400);
    }
  });

  it('support sees the list and why the decisions are absent', async () => {
    const support = await staffMember(ctx.api, 'support');
    const player = await pendingWithdrawal('12.00');
    const page = await support.client.get(`/operator/withdrawals?id=${player.withdrawalId}`);
    expect(idsOn(page.text)).toEqual([player.withdrawalId]);
    expect(page.text).toContain(
      '<p class="muted" data-role-note>Your role (support) can see the queue; approving, rejecting and ' +
        'paying refunds are for admins.</p>',
    );
    // No decision column, no ticks, no bulk form, no script for them.
    expect(page.text).not.toContain('<details class="decision">');
    expect(page.text).not.toContain('form="bulk"');
    expect(page.text).not.toContain('bulk-approve');
    expect(page.text).not.toContain('withdrawal-queue.js');
    expect(page.text).toContain('<td>Bank card</td>');
  });
});

describe('bulk approval', () => {
  it('approves the selected with one batch reference: each its update, payout, audit; decided skipped', async () => {
    const admin = await staffMember(ctx.api, 'admin');
    const other = await staffMember(ctx.api, 'admin');
    const players = [
      await pendingWithdrawal('10.00'),
      await pendingWithdrawal('20.00'),
      await pendingWithdrawal('30.00'),
      await pendingWithdrawal('40.00'),
    ];
    const ids = players.map((player) => player.withdrawalId);
    await other.client.get('/operator/withdrawals');
    expect((await other.client.post(`/operator/withdrawals/${ids[3]}/reject`, { reason: 'Duplicate' })).status).toBe(
      303,
    );
    await admin.client.get('/operator/withdrawals');
    const post = (fields: [string, string][]) => postFields(admin.client, '/operator/withdrawals/bulk-approve', fields);
    const idFields = ids.map((id) => ['id', String(id)] as [string, string]);
    // Refused without the confirmation, the reference, or any selection: nothing changes.
    expect((await post([...idFields, ['batch_reference', 'BATCH-1']])).status).toBe(400);
    expect((await post([...idFields, ['confirm', 'yes']])).status).toBe(400);
    expect(
      (
        await post([
          ['batch_reference', 'BATCH-1'],
          ['confirm', 'yes'],
        ])
      ).status,
    ).toBe(400);
    expect(
      (
        await post([
          ['id', '1; DROP'],
          ['batch_reference', 'BATCH-1'],
          ['confirm', 'yes'],
        ])
      ).status,
    ).toBe(400);
    expect(
      (await ctx.api.db.query("SELECT id FROM transactions WHERE id = ANY($1::int[]) AND status = 'completed'", [ids]))
        .length,
    ).toBe(0);

    const done = await post([...idFields, ['batch_reference', 'SEPA-BATCH-2026-03-02'], ['confirm', 'yes']]);
    expect(done.status).toBe(303);
    expect(done.headers.get('location')).toBe('/operator/withdrawals?bulk=3-1-0-0-0');
    const notice = await admin.client.get('/operator/withdrawals?bulk=3-1-0-0-0');
    expect(notice.text).toContain(
      '<p class="notice" role="status">3 withdrawals approved. 1 skipped: already decided.</p>',
    );
    const statuses = await ctx.api.db.query<{ id: number; status: string; decided_by: number }>(
      'SELECT id, status, decided_by FROM transactions WHERE id = ANY($1::int[]) ORDER BY id',
      [ids],
    );
    expect(statuses).toEqual([
      { id: ids[0], status: 'completed', decided_by: admin.id },
      { id: ids[1], status: 'completed', decided_by: admin.id },
      { id: ids[2], status: 'completed', decided_by: admin.id },
      { id: ids[3], status: 'cancelled', decided_by: other.id },
    ]);
    for (const [i, player] of players.slice(0, 3).entries()) {
      const amount = `${(i + 1) * 10}.00`;
      expect(await auditOf(ctx.api, 'withdrawal', player.withdrawalId)).toEqual([
        {
          staff_id: admin.id,
          action: 'withdrawal.approve',
          before: { status: 'pending', amount },
          after: { status: 'completed', amount, payout_reference: 'SEPA-BATCH-2026-03-02', bulk: true, batch_size: 4 },
        },
      ]);
      expect(await balanceOf(ctx.api, player.id)).toBe(`${100 - (i + 1) * 10}.00`);
    }
    const payouts = await ctx.api.db.query<{ transaction_id: number; payout_reference: string }>(
      'SELECT transaction_id, payout_reference FROM withdrawal_payouts WHERE transaction_id = ' +
        'ANY($1::int[]) ORDER BY transaction_id',
      [ids],
    );
    expect(payouts).toEqual(
      ids.slice(0, 3).map((id) => ({ transaction_id: id, payout_reference: 'SEPA-BATCH-2026-03-02' })),
    );
    expect(await balanceOf(ctx.api, players[3]!.id)).toBe('100.00');
  });

  it('a bulk approval and a rejection of the same withdrawal in parallel: exactly one wins', async () => {
    const [first, second] = [await staffMember(ctx.api, 'admin'), await staffMember(ctx.api, 'admin')];
    for (let round = 0; round < 3; round += 1) {
      const player = await pendingWithdrawal('30.00');
      await first.client.get('/operator/withdrawals');
      await second.client.get('/operator/withdrawals');
      const [bulk, reject] = await Promise.all([
        first.client.post('/operator/withdrawals/bulk-approve', {
          id: String(player.withdrawalId),
          batch_reference: 'B-RACE',
          confirm: 'yes',
        }),
        second.client.post(`/operator/withdrawals/${player.withdrawalId}/reject`, { reason: 'Duplicate request' }),
      ]);
      expect(bulk.status).toBe(303);
      const [row] = await ctx.api.db.query<{ status: string }>('SELECT status FROM transactions WHERE id = $1', [
        player.withdrawalId,
      ]);
      expect(reject.status).toBe(row!.status === 'cancelled' ? 303 : 409);
      expect(bulk.location).toBe(
        row!.status === 'completed' ? '/operator/withdrawals?bulk=1-0-0-0-0' : '/operator/withdrawals?bulk=0-1-0-0-0',
      );
      expect(await balanceOf(ctx.api, player.id)).toBe(row!.status === 'completed' ? '70.00' : '100.00');
      expect(await auditOf(ctx.api, 'withdrawal', player.withdrawalId)).toHaveLength(1);
    }
  });

  it('support may not bulk-approve (403)', async () => {
    const support = await staffMember(ctx.api, 'support');
    const player = await pendingWithdrawal('11.00');
    await support.client.get('/operator/withdrawals');
    const res = await support.client.post('/operator/withdrawals/bulk-approve', {
      id: String(player.withdrawalId),
      batch_reference: 'X',
      confirm: 'yes',
    });
    expect(res.status).toBe(403);
    const [row] = await ctx.api.db.query<{ status: string }>('SELECT status FROM transactions WHERE id = $1', [
      player.withdrawalId,
    ]);
    expect(row!.status).toBe('pending');
  });
});

describe('bulk rejection and batch size', () => {
  it('rejects the selected with one reason: each refunded, notified, audited; decided skipped', async () => {
    const [admin, other] = [await staffMember(ctx.api, 'admin'), await staffMember(ctx.api, 'admin')];
    const { players, ids } = await pendingWithdrawals('15.00', '25.00', '35.00');
    await other.client.get('/operator/withdrawals');
    const paid = { payout_reference: 'PAY-7', confirm: 'yes' };
    expect((await other.client.post(`/operator/withdrawals/${ids[2]}/approve`, paid)).status).toBe(303);
    await admin.client.get('/operator/withdrawals');
    const reject = (fields: [string, string][]) =>
      postFields(admin.client, '/operator/withdrawals/bulk-reject', fields);
    // A reason is required: nothing changes without one.
    for (const reason of [[], [['reason', '   ']]] as [string, string][][]) {
      const refused = await reject([...idFields(ids), ...reason]);
      expect(refused.status).toBe(400);
      expect(await refused.text()).toContain('“Reason for every selected player” is required.');
    }
    expect(await statusOf(ids)).toEqual(['pending', 'pending', 'completed']);

    const reason = 'Documents do not match the account holder';
    const done = await reject([...idFields(ids), ['reason', reason]]);
    expect(done.status).toBe(303);
    expect(done.headers.get('location')).toBe('/operator/withdrawals?bulk_rejected=2-1-0');
    expect((await admin.client.get('/operator/withdrawals?bulk_rejected=2-1-0')).text).toContain(
      '<p class="notice" role="status">2 withdrawals rejected; each amount is back on its player&#39;s balance. ' +
        '1 skipped: already decided.</p>',
    );
    expect(await statusOf(ids)).toEqual(['cancelled', 'cancelled', 'completed']);
    for (const [i, player] of players.slice(0, 2).entries()) {
      const amount = `${15 + i * 10}.00`;
      expect(await balanceOf(ctx.api, player.id)).toBe('100.00');
      expect(await auditOf(ctx.api, 'withdrawal', player.withdrawalId)).toEqual([
        {
          staff_id: admin.id,
          action: 'withdrawal.reject',
          before: { status: 'pending', amount, balance: `${100 - 15 - i * 10}.00` },
          after: { status: 'cancelled', amount, balance: '100.00', reason, bulk: true, batch_size: 3 },
        },
      ]);
      const own = await ctx.api.request('GET', '/api/user/notification?mode=own', { token: player.token });
      expect(JSON.stringify(own.body)).toContain(reason);
    }
    // The one another admin had paid keeps its decision and its money out.
    expect(await balanceOf(ctx.api, players[2]!.id)).toBe('65.00');
    expect(await auditOf(ctx.api, 'withdrawal', ids[2]!)).toHaveLength(1);
  });

  it('takes a whole page of 500 at once and refuses 501 with a clear error, changing nothing', async () => {
    const player = await ctx.api.player();
    const before = await balanceOf(ctx.api, player.id);
    const ids = await rows(
      player.id,
      '2034-04-01T00:00:00Z',
      Array.from({ length: 501 }, () => ({ amount: '1.00' })),
    );
    const admin = await staffMember(ctx.api, 'admin');
    // The queue shows 500 a page with a tick each, for "select all on this page".
    const page = await admin.client.get('/operator/withdrawals?from=2034-04-01&to=2034-04-02&per=500');
    expect(range(page.text)).toBe('Showing 1–500 of 501');
    expect([...page.text.matchAll(/form="bulk"/g)]).toHaveLength(500);
    for (const path of ['/operator/withdrawals/bulk-approve', '/operator/withdrawals/bulk-reject']) {
      const tooMany = await postFields(admin.client, path, [
        ...idFields(ids),
        ['batch_reference', 'B-501'],
        ['confirm', 'yes'],
        ['reason', 'Too many'],
      ]);
      expect(tooMany.status, path).toBe(400);
      expect(await tooMany.text()).toContain('At most 500 withdrawals can be decided at a time; 501 were selected.');
    }
    expect(new Set(await statusOf(ids))).toEqual(new Set(['pending']));
    const whole = await postFields(admin.client, '/operator/withdrawals/bulk-reject', [
      ...idFields(ids.slice(0, 500)),
      ['reason', 'Batch cancelled'],
    ]);
    expect(whole.headers.get('location')).toBe('/operator/withdrawals?bulk_rejected=500-0-0');
    expect((await statusOf(ids)).filter((status) => status === 'cancelled')).toHaveLength(500);
    // Each rejected 1.00 came back to the balance through the ledger.
    const [expected] = await ctx.api.db.query<{ balance: string }>('SELECT ($1::numeric + 500)::text AS balance', [
      before,
    ]);
    expect(await balanceOf(ctx.api, player.id)).toBe(expected!.balance);
  }, 60_000); // 500 decisions, each its own ledger movement: 28 s on a 2-core machine at load 25

  it('a bulk approval and a bulk rejection of the same withdrawals in parallel: each decided once', async () => {
    const [first, second] = [await staffMember(ctx.api, 'admin'), await staffMember(ctx.api, 'admin')];
    const { players, ids } = await pendingWithdrawals('10.00', '20.00', '30.00');
    await first.client.get('/operator/withdrawals');
    await second.client.get('/operator/withdrawals');
    // Opposite orders, so the two batches meet in the middle.
    const [approved, rejected] = await Promise.all([
      postFields(first.client, '/operator/withdrawals/bulk-approve', [
        ...idFields(ids),
        ['batch_reference', 'B-RACE-2'],
        ['confirm', 'yes'],
      ]),
      postFields(second.client, '/operator/withdrawals/bulk-reject', [
        ...idFields([...ids].reverse()),
        ['reason', 'Duplicate request'],
      ]),
    ]);
    const statuses = await statusOf(ids);
    const paid = statuses.filter((status) => status === 'completed').length;
    const cancelled = statuses.filter((status) => status === 'cancelled').length;
    expect(paid + cancelled).toBe(3);
    // Each batch reports the ones the other decided first as already decided.
    expect(approved.headers.get('location')).toBe(`/operator/withdrawals?bulk=${paid}-${cancelled}-0-0-0`);
    expect(rejected.headers.get('location')).toBe(`/operator/withdrawals?bulk_rejected=${cancelled}-${paid}-0`);
    for (const [i, player] of players.entries()) {
      const amount = (i + 1) * 10;
      expect(await balanceOf(ctx.api, player.id)).toBe(`${statuses[i] === 'completed' ? 100 - amount : 100}.00`);
      expect(await auditOf(ctx.api, 'withdrawal', player.withdrawalId)).toHaveLength(1);
    }
  });
});

describe('withdrawals CSV', () => {
  it('exports the filtered set with a neutralised =HYPERLINK username', async () => {
    const player = await ctx.api.player();
    await ctx.api.db.query('UPDATE users SET username = $2 WHERE id = $1', [
      player.id,
      '=HYPERLINK("http://evil.example","win")',
    ]);
    const ids = await rows(player.id, '2033-02-01T10:00:00Z', [
      { amount: '5.50' },
      { amount: '6.25', status: 'completed', method: 'bank_transfer' },
    ]);
    const admin = await staffMember(ctx.api, 'admin');
    await admin.client.get('/operator/withdrawals');
    const reply = await download(admin.client, '/operator/withdrawals.csv?status=all&from=2033-02-01&to=2033-02-01');
    expect(reply.response.headers.get('content-disposition')).toBe('attachment; filename="withdrawals.csv"');
    expect(parseCsv(reply.text)).toEqual([
      WITHDRAWAL_CSV_HEADER,
      [
        String(ids[0]),
        'withdrawal',
        'pending',
        String(player.id),
        `'=HYPERLINK("http://evil.example","win")`,
        player.email,
        '5.50',
        'EUR',
        'Bank card',
        '•••• 4242',
        '2033-02-01T10:00:00.000Z',
        '',
        '',
        '',
      ],
      [
        String(ids[1]),
        'withdrawal',
        'completed',
        String(player.id),
        `'=HYPERLINK("http://evil.example","win")`,
        player.email,
        '6.25',
        'EUR',
        'Bank transfer',
        '•••• 4242',
        '2033-02-01T10:01:00.000Z',
        '',
        '',
        '',
      ],
    ]);
  });
});
