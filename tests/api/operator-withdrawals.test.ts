import { describe, expect, it } from 'vitest';
import { manualClock } from '../../server/src/base/clock.ts';
import { balanceOf, useTestApi } from './harness.ts';
import { auditOf, ConsoleClient, mailTo, staffMember } from './operator-harness.ts';

const clock = manualClock(new Date('2026-03-02T10:00:00Z'));
const ctx = useTestApi({}, { clock });
const PAID = { payout_reference: 'PAY-001', confirm: 'yes' };
const CARD = { method: 'card', destination: '4242 4242 4242 4242' };

/** A funded player who asked for a withdrawal; `language` is the one they last signed in with. */
async function pendingWithdrawal(amount = '40.00', language = 'en') {
  const player = await ctx.api.player({ balance: '100.00', verified: true });
  const login = await ctx.api.request('POST', '/auth/token/login/', {
    body: { email: player.email, password: player.password },
    headers: { 'accept-language': language },
  });
  const token = login.body.auth_token as string;
  const res = await ctx.api.request('POST', '/api/user/withdrawal', { token, body: { amount, ...CARD } });
  expect(res.status).toBe(201);
  return { ...player, token, withdrawalId: res.body.id as number };
}

const statusOf = async (id: number) =>
  (await ctx.api.db.query<{ status: string }>('SELECT status FROM transactions WHERE id = $1', [id]))[0]!.status;
const own = async (token: string, language: string) =>
  (await ctx.api.request('GET', '/api/user/notification?mode=own', { token, headers: { 'accept-language': language } }))
    .body as { title: string; body: string }[];

/** A row's details as [label, value] pairs, exactly as shown. */
const factsOf = (html: string) =>
  [...html.matchAll(/<dt>([^<]*)<\/dt><dd[^>]*>([^<]*)<\/dd>/g)].map((match) => [match[1], match[2]]);

describe('withdrawals queue', () => {
  it('lists pending withdrawals: player, amount, method, destination, verification, safer gambling, age', async () => {
    const player = await pendingWithdrawal('40.00');
    const limit = await ctx.api.request('PATCH', '/api/user/responsible-gaming', {
      token: player.token,
      body: { deposit_limits: { day: '50.00' } },
    });
    expect(limit.status).toBe(200);
    clock.advance(3 * 86_400);
    const admin = await staffMember(ctx.api, 'admin');
    const page = await admin.client.get('/operator/withdrawals');
    expect(page.status).toBe(200);
    const row = new RegExp(`<tr data-withdrawal="${player.withdrawalId}">([\\s\\S]*?)</tr>`).exec(page.text)?.[1] ?? '';
    // Exact cells: a substring such as '3 days' was also satisfied by '-263 days'.
    const cells = [...row.matchAll(/<td[^>]*>([\s\S]*?)<\/td>/g)].map((match) => match[0]);
    // One line a row, the decision first: the tick for a bulk decision, then this one's own forms.
    expect(cells[0]).toBe(
      `<td><input type="checkbox" name="id" value="${player.withdrawalId}" form="bulk" ` +
        `aria-label="Select ${player.withdrawalId}"></td>`,
    );
    expect(cells[1]).toContain(`<details class="decision"><summary>Decide`);
    expect(cells[1]).toContain(`action="/operator/withdrawals/${player.withdrawalId}/approve"`);
    expect(cells.slice(2, 9)).toEqual([
      `<td>${player.withdrawalId}</td>`,
      `<td class="player"><a href="/operator/players/${player.id}">${player.username}</a></td>`,
      '<td class="num">€40.00</td>',
      '<td>Bank card</td>',
      '<td>2026-03-02 10:00 UTC</td>',
      '<td data-state>pending</td>',
      // The player never deposited by card: a payout to a method they never paid in with is flagged.
      '<td class="flags"><strong class="flag" data-flag="new-method">new method</strong></td>',
    ]);
    // The rest on expanding the row's details.
    expect(factsOf(cells[9]!)).toEqual([
      ['Kind', 'withdrawal'],
      ['Email', player.email],
      ['Destination', '•••• 4242'],
      ['Method', 'never used for a deposit'],
      ['Verification', 'verified'],
      ['Safer gambling', 'limits: deposit day 50.00'],
      ['Account age', '3 days'],
    ]);
    const headers = [...page.text.matchAll(/<th scope="col"[^>]*>([\s\S]*?)<\/th>/g)].map((match) => match[1]);
    expect(headers.slice(1)).toEqual([
      'Decision',
      '#',
      'Player',
      'Amount',
      'Method',
      'Requested',
      'Status',
      'Flags',
      'Details',
    ]);
    expect(headers[0]).toBe('<input type="checkbox" data-select-all hidden aria-label="Select all on this page">');
    // The keys and the select-all are one script file, as the console's CSP allows no inline script.
    expect(page.text).toContain('<script type="module" src="/operator/assets/withdrawal-queue.js"></script>');
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
    const script = await admin.client.get('/operator/assets/withdrawal-queue.js');
    expect(script.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(script.text).toContain("event.key === 'j'");
  });

  it('an account age is never negative, even for a join time after the clock', async () => {
    const player = await pendingWithdrawal('40.00');
    const ahead = new Date(clock().getTime() + 5 * 86_400_000);
    await ctx.api.db.query('UPDATE users SET date_joined = $2 WHERE id = $1', [player.id, ahead.toISOString()]);
    const admin = await staffMember(ctx.api, 'admin');
    const page = await admin.client.get('/operator/withdrawals');
    const row = new RegExp(`<tr data-withdrawal="${player.withdrawalId}">([\\s\\S]*?)</tr>`).exec(page.text)?.[1] ?? '';
    expect(factsOf(row)).toContainEqual(['Account age', '0 days']);
  });

  it('approve without a payout reference or the confirmation is refused; the withdrawal stays pending', async () => {
    const admin = await staffMember(ctx.api, 'admin');
    const player = await pendingWithdrawal('40.00', 'en');
    await admin.client.get('/operator/withdrawals');
    const missingReference =
      '<p class="error" role="alert">“Payout reference (bank reference or transaction hash)” is required.</p>';
    const missingConfirmation = '<p class="error" role="alert">Tick “I have sent this payment” to confirm.</p>';
    for (const [fields, message] of [
      [{}, missingReference],
      [{ confirm: 'yes' }, missingReference],
      [{ payout_reference: '', confirm: 'yes' }, missingReference],
      [{ payout_reference: '   ', confirm: 'yes' }, missingReference],
      [{ payout_reference: 'PAY-001' }, missingConfirmation],
      [{ payout_reference: 'PAY-001', confirm: 'no' }, missingConfirmation],
    ] as const) {
      const res = await admin.client.post(`/operator/withdrawals/${player.withdrawalId}/approve`, fields);
      expect(res.status, JSON.stringify(fields)).toBe(400);
      expect(res.text, JSON.stringify(fields)).toContain(message);
    }
    expect(await statusOf(player.withdrawalId)).toBe('pending');
    expect(await balanceOf(ctx.api, player.id)).toBe('60.00');
    expect(await auditOf(ctx.api, 'withdrawal', player.withdrawalId)).toEqual([]);
    expect(
      await ctx.api.db.query('SELECT 1 FROM withdrawal_payouts WHERE transaction_id = $1', [player.withdrawalId]),
    ).toEqual([]);
    // Still in the queue with its decision forms.
    expect((await admin.client.get('/operator/withdrawals')).text).toContain(
      `action="/operator/withdrawals/${player.withdrawalId}/approve"`,
    );
  });

  it("approve: completed, a notification and an email in the player's language, and an audit row", async () => {
    const admin = await staffMember(ctx.api, 'admin');
    const player = await pendingWithdrawal('40.00', 'de');
    await admin.client.get('/operator/withdrawals');
    const res = await admin.client.post(`/operator/withdrawals/${player.withdrawalId}/approve`, PAID);
    expect(res.status).toBe(303);
    expect(res.location).toBe(`/operator/withdrawals?approved=${player.withdrawalId}`);
    expect(await statusOf(player.withdrawalId)).toBe('completed');
    expect(await balanceOf(ctx.api, player.id)).toBe('60.00');
    const history = await ctx.api.request('GET', '/api/user/history?type=withdrawal', { token: player.token });
    expect(history.body.results[0]).toMatchObject({ id: player.withdrawalId, status: 'completed', amount: '-40.00' });
    const [latest] = await own(player.token, 'de');
    expect(latest).toMatchObject({
      title: 'Auszahlung abgeschlossen',
      body: 'Ihre Auszahlung von 40,00\u00a0€ wurde genehmigt und überwiesen.',
    });
    // Beside the activation mail of sign-up: the one about this withdrawal.
    const mail = (await mailTo(ctx.api, player.email)).find(
      (each) => each.subject === 'Ihre AmberPlay-Auszahlung ist unterwegs',
    );
    expect(mail, 'the withdrawal mail').toBeDefined();
    expect(mail!.text).toContain('Ihre Auszahlung von 40,00\u00a0€ wurde genehmigt und überwiesen.');
    expect(await auditOf(ctx.api, 'withdrawal', player.withdrawalId)).toEqual([
      {
        staff_id: admin.id,
        action: 'withdrawal.approve',
        before: { status: 'pending', amount: '40.00' },
        after: { status: 'completed', amount: '40.00', payout_reference: 'PAY-001' },
      },
    ]);
  });

  it('reject with a reason: the amount returns through the ledger, notified and mailed with the reason', async () => {
    const admin = await staffMember(ctx.api, 'admin');
    const player = await pendingWithdrawal('25.50', 'fr');
    expect(await balanceOf(ctx.api, player.id)).toBe('74.50');
    const ledgerBefore = await ctx.api.db.query<{ amount: string }>(
      'SELECT amount::text FROM ledger WHERE transaction_id = $1 ORDER BY id',
      [player.withdrawalId],
    );
    expect(ledgerBefore).toEqual([{ amount: '-25.50' }]);
    await admin.client.get('/operator/withdrawals');
    const res = await admin.client.post(`/operator/withdrawals/${player.withdrawalId}/reject`, {
      reason: 'Card holder name does not match',
    });
    expect(res.status).toBe(303);
    expect(await balanceOf(ctx.api, player.id)).toBe('100.00');
    // Exactly one new ledger row, the reserved amount back, against the withdrawal's history item.
    const ledger = await ctx.api.db.query<{ amount: string; account: string }>(
      'SELECT amount::text, account FROM ledger WHERE transaction_id = $1 ORDER BY id',
      [player.withdrawalId],
    );
    expect(ledger).toEqual([
      { amount: '-25.50', account: 'cash' },
      { amount: '25.50', account: 'cash' },
    ]);
    const [item] = await ctx.api.db.query<{ status: string; amount: string; params: Record<string, unknown> }>(
      'SELECT status, amount::text, params FROM transactions WHERE id = $1',
      [player.withdrawalId],
    );
    expect(item).toMatchObject({ status: 'cancelled', amount: '-25.50' });
    expect(item!.params.reason).toBe('Card holder name does not match');
    const history = await ctx.api.request('GET', '/api/user/history?type=withdrawal', { token: player.token });
    expect(history.body.results[0].description).toBe(
      'Withdrawal by Bank card to •••• 4242, rejected: Card holder name does not match',
    );
    const [latest] = await own(player.token, 'fr');
    expect(latest!.title).toBe('Retrait refusé');
    expect(latest!.body).toContain('Motif : Card holder name does not match');
    // Beside the activation mail of sign-up: the one about this withdrawal.
    const mail = (await mailTo(ctx.api, player.email)).find(
      (each) => each.subject === 'Votre retrait AmberPlay a été refusé',
    );
    expect(mail, 'the withdrawal mail').toBeDefined();
    expect(mail!.text).toContain('Motif : Card holder name does not match');
    const [row] = await auditOf(ctx.api, 'withdrawal', player.withdrawalId);
    expect(row).toEqual({
      staff_id: admin.id,
      action: 'withdrawal.reject',
      before: { status: 'pending', amount: '25.50', balance: '74.50' },
      after: { status: 'cancelled', amount: '25.50', balance: '100.00', reason: 'Card holder name does not match' },
    });
  });

  it('a reason is required; control or direction-changing characters are refused with 400, no change', async () => {
    const admin = await staffMember(ctx.api, 'admin');
    const player = await pendingWithdrawal();
    await admin.client.get('/operator/withdrawals');
    const empty = await admin.client.post(`/operator/withdrawals/${player.withdrawalId}/reject`, { reason: '   ' });
    expect(empty.status).toBe(400);
    expect(empty.text).toContain('“Reason for the player” is required.');
    const bidi = await admin.client.post(`/operator/withdrawals/${player.withdrawalId}/reject`, {
      reason: 'fraud \u202Eevil',
    });
    expect(bidi.status).toBe(400);
    expect(bidi.text).toContain('contains control or direction-changing characters');
    expect(await statusOf(player.withdrawalId)).toBe('pending');
    expect(await balanceOf(ctx.api, player.id)).toBe('60.00');
    expect(await auditOf(ctx.api, 'withdrawal', player.withdrawalId)).toEqual([]);
  });

  it('approving and rejecting the same withdrawal in parallel: exactly one wins', async () => {
    const [first, second] = [await staffMember(ctx.api, 'admin'), await staffMember(ctx.api, 'admin')];
    for (let round = 0; round < 3; round += 1) {
      const player = await pendingWithdrawal('30.00');
      await first.client.get('/operator/withdrawals');
      await second.client.get('/operator/withdrawals');
      const [approve, reject] = await Promise.all([
        first.client.post(`/operator/withdrawals/${player.withdrawalId}/approve`, PAID),
        second.client.post(`/operator/withdrawals/${player.withdrawalId}/reject`, { reason: 'Duplicate request' }),
      ]);
      expect([approve.status, reject.status].sort()).toEqual([303, 409]);
      const loser = approve.status === 409 ? approve : reject;
      expect(loser.text).toContain('Someone else has already decided this one');
      const status = await statusOf(player.withdrawalId);
      expect(status).toBe(approve.status === 303 ? 'completed' : 'cancelled');
      expect(await balanceOf(ctx.api, player.id)).toBe(status === 'completed' ? '70.00' : '100.00');
      expect(await auditOf(ctx.api, 'withdrawal', player.withdrawalId)).toHaveLength(1);
    }
  });

  it('a second decision on a decided withdrawal is refused (409) and moves no money', async () => {
    const admin = await staffMember(ctx.api, 'admin');
    const player = await pendingWithdrawal('30.00');
    await admin.client.get('/operator/withdrawals');
    expect(
      (await admin.client.post(`/operator/withdrawals/${player.withdrawalId}/reject`, { reason: 'No' })).status,
    ).toBe(303);
    expect(
      (await admin.client.post(`/operator/withdrawals/${player.withdrawalId}/reject`, { reason: 'No' })).status,
    ).toBe(409);
    expect((await admin.client.post(`/operator/withdrawals/${player.withdrawalId}/approve`, PAID)).status).toBe(409);
    expect(await balanceOf(ctx.api, player.id)).toBe('100.00');
  });

  it('support may see the queue but neither approve nor reject (403), and nothing changes', async () => {
    const support = await staffMember(ctx.api, 'support');
    const player = await pendingWithdrawal();
    const page = await support.client.get('/operator/withdrawals');
    expect(page.status).toBe(200);
    expect(page.text).toContain(player.username);
    expect(page.text).not.toContain(`/operator/withdrawals/${player.withdrawalId}/approve`);
    for (const [path, fields] of [
      [`/operator/withdrawals/${player.withdrawalId}/approve`, PAID],
      [`/operator/withdrawals/${player.withdrawalId}/reject`, { reason: 'x' }],
    ] as const) {
      const res = await support.client.post(path, fields);
      expect(res.status).toBe(403);
      expect(res.text).toContain('Your role (support) may look and write notes only');
    }
    expect(await statusOf(player.withdrawalId)).toBe('pending');
    expect(await auditOf(ctx.api, 'withdrawal', player.withdrawalId)).toEqual([]);
  });

  it('a player token is refused (403) on the queue and on both decisions', async () => {
    const player = await pendingWithdrawal();
    const client = new ConsoleClient(ctx.api, { authorization: `Token ${player.token}` });
    expect((await client.get('/operator/withdrawals')).status).toBe(403);
    for (const decision of ['approve', 'reject']) {
      const res = await client.post(
        `/operator/withdrawals/${player.withdrawalId}/${decision}`,
        { reason: 'x' },
        { csrf: 'x' },
      );
      expect(res.status).toBe(403);
      expect(res.text).toContain('Player tokens do not work in the operator console');
    }
    expect(await statusOf(player.withdrawalId)).toBe('pending');
  });
});
