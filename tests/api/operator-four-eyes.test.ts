/**
 * Four eyes on balance adjustments (issue 35, items 2 and 3; issue 43, item 3), through the console's
 * own routes: splitting a large credit into small ones, resetting another admin to approve one's own,
 * a debit above the balance (refused at once), and the page of every request waiting for a second admin.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { manualClock } from '../../server/src/base/clock.ts';
import { balanceOf, useTestApi } from './harness.ts';
import {
  auditOf,
  ConsoleClient,
  firstSignIn,
  mailTo,
  passwordStep,
  staffMember,
  totpCode,
  type StaffMember,
} from './operator-harness.ts';

const clock = manualClock(new Date('2026-04-06T08:00:00Z'));
// ADJUSTMENT_SECOND_APPROVAL keeps its default, 500.00; ADJUSTMENT_APPROVER_CHANGE_DAYS its 7.
const ctx = useTestApi({}, { clock });

type Direction = 'credit' | 'debit';

/** One adjustment form, with a token of its own (as each page load renders one); answers where it sent us. */
async function adjust(admin: StaffMember, playerId: number, amount: string, direction: Direction = 'credit') {
  const reply = await admin.client.post(`/operator/players/${playerId}/adjustments`, {
    direction,
    amount,
    reason: 'goodwill',
    note: `${direction} ${amount}`,
    token: randomUUID(),
  });
  expect(reply.status, reply.text).toBe(303);
  return reply.location!.split('?done=')[1];
}

const adjustments = (playerId: number) =>
  ctx.api.db.query<{ id: number; amount: string; status: string; requested_by: number; decided_by: number | null }>(
    'SELECT id, amount::text, status, requested_by, decided_by FROM balance_adjustments WHERE user_id = $1 ORDER BY id',
    [playerId],
  );

/** A staff member whose console session ended (the clock moved) signs in again with password and code. */
async function signInAgain(member: StaffMember) {
  const client = new ConsoleClient(ctx.api);
  expect((await passwordStep(client, member.email, member.password)).location).toBe('/operator/two-factor');
  await client.get('/operator/two-factor');
  expect((await client.post('/operator/two-factor', { code: totpCode(ctx.api, member.secret) })).location).toBe(
    '/operator',
  );
  return { ...member, client };
}

describe('four eyes over the sum of one admin’s adjustments to one player in 24 hours', () => {
  it('three 300.00 credits under a 500.00 threshold: the third waits (and the second already did)', async () => {
    const player = await ctx.api.player({ balance: '1000.00' });
    const admin = await staffMember(ctx.api, 'admin');
    const other = await staffMember(ctx.api, 'admin');
    await admin.client.get(`/operator/players/${player.id}`);
    // 300, then 600 and 900 over the last 24 hours: each of the last two takes the sum above 500.00.
    expect([
      await adjust(admin, player.id, '300.00'),
      await adjust(admin, player.id, '300.00'),
      await adjust(admin, player.id, '300.00'),
    ]).toEqual(['adjusted', 'adjustment_waiting', 'adjustment_waiting']);
    expect(await balanceOf(ctx.api, player.id)).toBe('1300.00');
    expect((await adjustments(player.id)).map((row) => row.status)).toEqual(['applied', 'pending', 'pending']);
    const requests = (await auditOf(ctx.api, 'player', player.id)).filter((row) => row.action === 'adjustment.request');
    expect(requests.map((row) => [row.after.outcome, row.after.window_total])).toEqual([
      ['applied', '300.00'],
      ['pending', '600.00'],
      ['pending', '900.00'],
    ]);
    const page = await admin.client.get(`/operator/players/${player.id}?done=adjustment_waiting`);
    expect(page.text).toContain('With your other adjustments to this player in the last 24 hours');

    // Debits add up apart from credits; another admin's adjustments apart from this admin's.
    expect(await adjust(admin, player.id, '300.00', 'debit')).toBe('adjusted');
    await other.client.get(`/operator/players/${player.id}`);
    expect(await adjust(other, player.id, '300.00')).toBe('adjusted');
    expect(await balanceOf(ctx.api, player.id)).toBe('1300.00');

    // Declined adjustments moved no money and no longer count: back to 300.00, so 200.00 more (500.00 in all) applies.
    const waiting = (await adjustments(player.id)).filter((row) => row.status === 'pending');
    for (const row of waiting)
      expect((await other.client.post(`/operator/adjustments/${row.id}/decline`)).location).toBe(
        `/operator/players/${player.id}?done=adjustment_declined`,
      );
    expect(await adjust(admin, player.id, '200.00')).toBe('adjusted');
    expect(await adjust(admin, player.id, '0.01')).toBe('adjustment_waiting');
    expect(await balanceOf(ctx.api, player.id)).toBe('1500.00');

    // The window rolls: 24 hours after the first credits, they no longer count (the session ended meanwhile).
    clock.advance(24 * 3600);
    const later = await signInAgain(admin);
    await later.client.get(`/operator/players/${player.id}`);
    expect(await adjust(later, player.id, '300.00')).toBe('adjusted');
    expect(await balanceOf(ctx.api, player.id)).toBe('1800.00');
  });

  it('four parallel 300.00 credits by one admin to one player: one applies, three wait', async () => {
    const player = await ctx.api.player();
    const admin = await staffMember(ctx.api, 'admin');
    await admin.client.get(`/operator/players/${player.id}`);
    const outcomes = await Promise.all(Array.from({ length: 4 }, () => adjust(admin, player.id, '300.00')));
    expect(outcomes.sort()).toEqual(['adjusted', 'adjustment_waiting', 'adjustment_waiting', 'adjustment_waiting']);
    expect(await balanceOf(ctx.api, player.id)).toBe('300.00');
    expect((await adjustments(player.id)).map((row) => row.status).sort()).toEqual([
      'applied',
      'pending',
      'pending',
      'pending',
    ]);
  });
});

describe('an admin who resets another staff member cannot use them as the second pair of eyes', () => {
  it('promote, reset password and 2FA, sign in as them: the credit waits; an untouched admin approves', async () => {
    const player = await ctx.api.player({ balance: '10.00' });
    const requester = await staffMember(ctx.api, 'admin');
    const genuine = await staffMember(ctx.api, 'admin');
    const helper = await staffMember(ctx.api, 'support');

    await requester.client.get(`/operator/players/${player.id}`);
    expect(await adjust(requester, player.id, '5000.00')).toBe('adjustment_waiting');
    const [credit] = await adjustments(player.id);

    // A promotes S to admin and resets S's password and second factor.
    await requester.client.get('/operator/staff');
    expect((await requester.client.post(`/operator/staff/${helper.id}/role`, { role: 'admin' })).location).toBe(
      '/operator/staff?done=role',
    );
    const reset = await requester.client.post(`/operator/staff/${helper.id}/reset-password`, { confirm: 'yes' });
    expect(reset.status).toBe(200);
    expect(reset.text).toContain(`A one-time password was mailed to ${helper.email} (it is not shown to you).`);
    const twoFactor = await requester.client.post(`/operator/staff/${helper.id}/reset-two-factor`, { confirm: 'yes' });
    expect(twoFactor.text).toContain(`Two-factor removed for ${helper.email}`);
    const staffPage = await requester.client.get('/operator/staff');

    // The password reached S's mailbox only: never A's page.
    const mails = await mailTo(ctx.api, helper.email);
    const passwordMail = mails.find((mail) => mail.subject === 'Your AmberPlay console password was reset');
    expect(passwordMail, 'the password mail').toBeDefined();
    const oneTime = /Your one-time password: ([A-Za-z0-9]{20})/.exec(passwordMail!.text!)?.[1];
    expect(oneTime).toBeTruthy();
    expect(passwordMail!.text).toContain(`${requester.email} reset the password`);
    expect(passwordMail!.text).toContain(`${ctx.api.config.apiUrl}/operator/sign-in`);
    expect(mails.some((mail) => mail.subject === 'Your AmberPlay console two-factor sign-in was reset')).toBe(true);
    for (const shown of [reset, twoFactor, staffPage]) {
      expect(shown.text).not.toContain(oneTime);
      expect(shown.text).not.toContain('data-one-time-password');
    }
    expect((await mailTo(ctx.api, requester.email)).some((mail) => mail.text!.includes(oneTime!))).toBe(false);

    // The audit log names who reset and promoted whom.
    expect(
      (await auditOf(ctx.api, 'staff', helper.id))
        .filter((row) => row.staff_id === requester.id)
        .map((row) => [row.action, row.after]),
    ).toEqual([
      ['staff.set_role', { role: 'admin', staff_email: helper.email }],
      ['staff.reset_password', { staff_email: helper.email, must_change_password: true, sent_to: 'mail' }],
      ['staff.reset_two_factor', { staff_email: helper.email, two_factor: false }],
    ]);

    // Even with that password (S's mailbox, or S in on it), S's approval is refused and the credit keeps waiting.
    const asHelper = new ConsoleClient(ctx.api);
    const newPassword = 'quartz-meadow-lantern-58';
    const secret = await firstSignIn(asHelper, helper.email, oneTime!, newPassword);
    const helperPage = await asHelper.get(`/operator/players/${player.id}`);
    expect(helperPage.text).toContain(`action="/operator/adjustments/${credit!.id}/approve"`);
    const refused = await asHelper.post(`/operator/adjustments/${credit!.id}/approve`);
    expect(refused.status).toBe(409);
    expect(refused.text).toContain(
      'Refused: the admin who asked for this adjustment reset your password or two-factor, or changed your role, ' +
        'in the last 7 days. Another admin must approve it; it is still waiting.',
    );
    expect(await balanceOf(ctx.api, player.id)).toBe('10.00');
    expect((await adjustments(player.id))[0]).toMatchObject({ status: 'pending', decided_by: null });

    // An admin the requester never touched approves it.
    await genuine.client.get(`/operator/players/${player.id}`);
    expect((await genuine.client.post(`/operator/adjustments/${credit!.id}/approve`)).location).toBe(
      `/operator/players/${player.id}?done=adjusted`,
    );
    expect(await balanceOf(ctx.api, player.id)).toBe('5010.00');
    expect((await adjustments(player.id))[0]).toMatchObject({ status: 'applied', decided_by: genuine.id });

    // The bar lasts ADJUSTMENT_APPROVER_CHANGE_DAYS: just before its end S is still refused, after it S may approve.
    expect(await adjust(requester, player.id, '700.00')).toBe('adjustment_waiting');
    const [, second] = await adjustments(player.id);
    clock.advance(7 * 86_400 - 60);
    const helperAgain = await signInAgain({ ...helper, password: newPassword, secret, client: asHelper });
    await helperAgain.client.get(`/operator/players/${player.id}`);
    expect((await helperAgain.client.post(`/operator/adjustments/${second!.id}/approve`)).status).toBe(409);
    clock.advance(61);
    await helperAgain.client.get(`/operator/players/${player.id}`);
    expect((await helperAgain.client.post(`/operator/adjustments/${second!.id}/approve`)).location).toBe(
      `/operator/players/${player.id}?done=adjusted`,
    );
    expect(await balanceOf(ctx.api, player.id)).toBe('5710.00');
  });
});

describe('a debit above the balance is refused at once, never queued for a second admin', () => {
  it('5,000.00 off 451.09 and 451.10 off 451.09: 409 with both amounts; no request, no audit row', async () => {
    const player = await ctx.api.player({ balance: '451.09' });
    const admin = await staffMember(ctx.api, 'admin');
    await admin.client.get(`/operator/players/${player.id}`);
    // Above the four-eyes threshold (it used to wait, then fail at approval) and below it (applies at once).
    for (const amount of ['5000.00', '451.10']) {
      const reply = await admin.client.post(`/operator/players/${player.id}/adjustments`, {
        direction: 'debit',
        amount,
        reason: 'correction',
        note: 'too much',
        token: randomUUID(),
      });
      expect(reply.status, reply.text).toBe(409);
      expect(reply.text).toContain(
        `Refused: the debit of €${amount === '5000.00' ? '5,000.00' : '451.10'} is more than the cash balance ` +
          'of €451.09. Nothing was applied or sent for a second approval.',
      );
    }
    expect(await adjustments(player.id)).toEqual([]);
    expect((await auditOf(ctx.api, 'player', player.id)).filter((row) => row.action.startsWith('adjustment'))).toEqual(
      [],
    );
    // The whole balance may still be taken (to zero, never below).
    expect(await adjust(admin, player.id, '451.09', 'debit')).toBe('adjusted');
    expect(await balanceOf(ctx.api, player.id)).toBe('0.00');
  });
});

describe('the page "Waiting for a second admin"', () => {
  it('lists every waiting request of all players, linked from the dashboard; another admin decides', async () => {
    const first = await ctx.api.player({ balance: '100.00' });
    const second = await ctx.api.player({ balance: '900.00' });
    const asker = await staffMember(ctx.api, 'admin');
    const other = await staffMember(ctx.api, 'admin');
    const support = await staffMember(ctx.api, 'support');
    await asker.client.get(`/operator/players/${first.id}`);
    expect(await adjust(asker, first.id, '600.00')).toBe('adjustment_waiting');
    clock.advance(60);
    expect(await adjust(asker, second.id, '700.00', 'debit')).toBe('adjustment_waiting');
    const [credit] = await adjustments(first.id);
    const [debit] = await adjustments(second.id);

    const dashboard = await other.client.get('/operator');
    expect(dashboard.text).toMatch(/data-figure="pending_adjustments"><a\s+href="\/operator\/adjustments">\d+<\/a>/);

    // Every pending request, oldest first: what, player link, amount, who asked and when, and the decision.
    const listed = await other.client.get('/operator/adjustments');
    expect(listed.status).toBe(200);
    expect(listed.headers.get('cache-control')).toContain('no-store');
    expect(listed.text).toContain('<h1>Waiting for a second admin</h1>');
    const row = (id: number) => new RegExp(`<tr data-adjustment="${id}">([\\s\\S]*?)</tr>`).exec(listed.text)?.[1];
    expect(listed.text.indexOf(`data-adjustment="${credit!.id}"`)).toBeLessThan(
      listed.text.indexOf(`data-adjustment="${debit!.id}"`),
    );
    const creditRow = row(credit!.id)!;
    expect(creditRow).toContain('Credit, goodwill');
    expect(creditRow).toContain(`href="/operator/players/${first.id}"`);
    expect(creditRow).toContain('€600.00');
    expect(creditRow).toContain(asker.email);
    expect(creditRow).toContain('2026-');
    expect(creditRow).toContain(`action="/operator/adjustments/${credit!.id}/approve"`);
    expect(creditRow).toContain(`action="/operator/adjustments/${credit!.id}/decline"`);
    const debitRow = row(debit!.id)!;
    expect(debitRow).toContain('Debit, goodwill');
    expect(debitRow).toContain(`href="/operator/players/${second.id}"`);
    expect(debitRow).toContain('-€700.00');

    // The requester sees no buttons for their own, and the server refuses their approval as before.
    const own = await asker.client.get('/operator/adjustments');
    expect(own.text).not.toContain(`action="/operator/adjustments/${credit!.id}/approve"`);
    expect(own.text).toContain('You asked for it: another admin must decide.');
    expect((await asker.client.post(`/operator/adjustments/${credit!.id}/approve`, { back: 'waiting' })).status).toBe(
      409,
    );
    // Support reads the list; only an admin decides.
    const asSupport = await support.client.get('/operator/adjustments');
    expect(asSupport.text).toContain(`data-adjustment="${credit!.id}"`);
    expect(asSupport.text).not.toContain('/approve"');

    // Another admin approves one and declines the other from this page, and comes back to it.
    expect((await other.client.post(`/operator/adjustments/${credit!.id}/approve`, { back: 'waiting' })).location).toBe(
      '/operator/adjustments?done=adjusted',
    );
    expect((await other.client.post(`/operator/adjustments/${debit!.id}/decline`, { back: 'waiting' })).location).toBe(
      '/operator/adjustments?done=adjustment_declined',
    );
    expect(await balanceOf(ctx.api, first.id)).toBe('700.00');
    expect(await balanceOf(ctx.api, second.id)).toBe('900.00');
    const after = await other.client.get('/operator/adjustments?done=adjustment_declined');
    expect(after.text).toContain('Adjustment declined; the balance did not change.');
    expect(after.text).not.toContain(`data-adjustment="${credit!.id}"`);
    expect(after.text).not.toContain(`data-adjustment="${debit!.id}"`);
  });
});
