import { describe, expect, it } from 'vitest';
import { manualClock } from '../../server/src/base/clock.ts';
import { balanceOf, useTestApi } from './harness.ts';
import { auditOf, mailTo, staffMember } from './operator-harness.ts';
import { signInReply } from './fixtures/sign-in.ts';

const clock = manualClock(new Date('2026-03-02T10:00:00Z'));
const ctx = useTestApi({ SUPPORT_EMAIL: 'help@amberplay.example', ACCOUNT_RETENTION_DAYS: '30' }, { clock });

const LOGIN_FAILED = { non_field_errors: ['Unable to log in with provided credentials.'] };
const IBAN = 'DE89370400440532013000';
const CLOSE = { reason: 'The player asked by phone', confirm: 'yes' };
const PAY_OUT = { method: 'bank_transfer', destination: IBAN };
const signIn = (email: string, password: string) => signInReply(ctx.api, { email, password });
const closedAt = async (id: number) =>
  (
    await ctx.api.db.query<{ closed_at: Date | null; close_reason: string | null }>(
      'SELECT closed_at, close_reason FROM users WHERE id = $1',
      [id],
    )
  )[0]!;
const withdrawalsOf = (id: number) =>
  ctx.api.db.query<{ amount: string; status: string; method: string; destination: string }>(
    'SELECT (-amount)::text AS amount, status, method, destination FROM transactions WHERE user_id = $1 ' +
      "AND type = 'withdrawal' ORDER BY id",
    [id],
  );
/** A real-money game session of the player, open for an hour. */
const openGameSession = (userId: number, id: string) =>
  ctx.api.db.query(
    `INSERT INTO game_sessions (id, user_id, game_id, mode, currency, locale, server_seed, server_seed_hash,
      client_seed, created_at, expires_at)
     SELECT $4, $1, id, 'real', 'EUR', 'de', 's', 'h', 'c', $2, $3 FROM games LIMIT 1`,
    [userId, clock().toISOString(), new Date(clock().getTime() + 3_600_000).toISOString(), id],
  );
const alert = (message: string) => `<p class="error" role="alert">${message}</p>`;

describe("closing an account at the player's request", () => {
  it('an admin closes: balance to a pending withdrawal, sign-in as unknown, sessions end, audit, mail', async () => {
    const player = await ctx.api.player({ balance: '42.50', verified: true });
    await ctx.api.db.query("UPDATE users SET locale = 'de' WHERE id = $1", [player.id]);
    await openGameSession(player.id, 'c'.repeat(40));
    const admin = await staffMember(ctx.api, 'admin');
    const page = await admin.client.get(`/operator/players/${player.id}`);
    expect(page.text).toContain('<h3 id="close-title">Close account</h3>');
    expect(page.text).toContain(
      '<p id="close-balance">Balance to pay out: €42.50. Enter where the player wants it sent.</p>',
    );

    const res = await admin.client.post(`/operator/players/${player.id}/close`, { ...PAY_OUT, ...CLOSE });
    expect([res.status, res.location]).toEqual([303, `/operator/players/${player.id}?done=closed`]);

    // As after the player's own closure: tokens gone, game sessions ended, sign-in like an unknown address.
    expect((await ctx.api.request('GET', '/api/user/me', { token: player.token })).status).toBe(401);
    const [game] = await ctx.api.db.query<{ expires_at: Date }>(
      "SELECT expires_at FROM game_sessions WHERE id = repeat('c', 40)",
    );
    expect(new Date(game!.expires_at).toISOString()).toBe(clock().toISOString());
    const known = await signIn(player.email, player.password);
    const unknown = await signIn('nobody-at-all@example.test', player.password);
    expect([known.status, known.body]).toEqual([400, LOGIN_FAILED]);
    expect([unknown.status, unknown.body]).toEqual([400, LOGIN_FAILED]);
    const closed = await closedAt(player.id);
    expect(new Date(closed.closed_at!).toISOString()).toBe(clock().toISOString());
    expect(closed.close_reason).toBe('The player asked by phone');

    // The whole balance is one pending withdrawal, in the staff queue like any other.
    expect(await balanceOf(ctx.api, player.id)).toBe('0.00');
    const withdrawals = await withdrawalsOf(player.id);
    expect(withdrawals).toEqual([
      { amount: '42.50', status: 'pending', method: 'bank_transfer', destination: 'DE89 3704 0044 0532 0130 00' },
    ]);
    expect((await admin.client.get('/operator/withdrawals')).text).toContain(player.username);

    const [withdrawal] = await ctx.api.db.query<{ id: number }>(
      "SELECT id FROM transactions WHERE user_id = $1 AND type = 'withdrawal'",
      [player.id],
    );
    expect(await auditOf(ctx.api, 'player', player.id)).toEqual([
      {
        staff_id: admin.id,
        action: 'player.close',
        before: { closed: false, balance: '42.50', bonus_balance: '0.00' },
        after: {
          closed: true,
          reason: 'The player asked by phone',
          balance: '0.00',
          bonus_balance: '0.00',
          payout_withdrawal_id: withdrawal!.id,
          payout_amount: '42.50',
          payout_method: 'bank_transfer',
        },
      },
    ]);

    const mail = (await mailTo(ctx.api, player.email)).find(
      (sent) => sent.subject === 'Ihr AmberPlay-Konto ist geschlossen',
    );
    expect(mail, 'the closed mail').toBeDefined();
    expect(mail!.text).toContain(
      'Ihr AmberPlay-Konto wurde am 2. März 2026 um 10:00 UTC auf Ihren Wunsch geschlossen.',
    );
    expect(mail!.text).toContain('Ihr Guthaben von 42,50\u00a0€ wird als Auszahlung überwiesen.');

    // The page says it is closed and offers nothing more to change.
    const after = await admin.client.get(`/operator/players/${player.id}?done=closed`);
    expect(after.text).toContain(
      '<dd data-account-state>closed since 2026-03-02 10:00 UTC: The player asked by phone</dd>',
    );
    expect(after.text).toContain('Account closed at the player&#39;s request');
    expect(after.text).not.toContain(`action="/operator/players/${player.id}/close"`);
    expect(after.text).not.toContain(`action="/operator/players/${player.id}/suspend"`);

    // Closing twice is refused cleanly: 409, nothing more paid or audited, no second mail.
    const again = await admin.client.post(`/operator/players/${player.id}/close`, { ...PAY_OUT, ...CLOSE });
    expect(again.status).toBe(409);
    expect(again.text).toContain(alert('This account is already closed.'));
    expect(await withdrawalsOf(player.id)).toHaveLength(1);
    expect(await auditOf(ctx.api, 'player', player.id)).toHaveLength(1);
    expect(
      (await mailTo(ctx.api, player.email)).filter((sent) => sent.subject === 'Ihr AmberPlay-Konto ist geschlossen'),
    ).toHaveLength(1);

    // Nothing else changes a closed account, even posted by hand; a note of an interaction still may.
    const byHand: [string, Record<string, string>][] = [
      ['suspend', { reason: 'x' }],
      ['reinstate', { reason: 'x' }],
      [
        'adjustments',
        { direction: 'credit', amount: '25', reason: 'goodwill', note: 'n', token: 'closed-account-0001' },
      ],
      ['bonus', { amount: '10', multiplier: '5', reason: 'x' }],
      ['limits', { kind: 'deposit', period: 'day', amount: '10', reason: 'x' }],
      ['time-out', { period: '7d', reason: 'x' }],
      ['sessions/end', { reason: 'x' }],
      ['email', { email: 'new-address@example.test', reason: 'x' }],
    ];
    for (const [action, form] of byHand) {
      const refused = await admin.client.post(`/operator/players/${player.id}/${action}`, form);
      expect([action, refused.status]).toEqual([action, 409]);
      expect(refused.text).toContain(alert('This account is already closed.'));
    }
    expect(await balanceOf(ctx.api, player.id)).toBe('0.00');
    expect(await auditOf(ctx.api, 'player', player.id)).toHaveLength(1);
    const noted = await admin.client.post(`/operator/players/${player.id}/interactions`, {
      kind: 'phone',
      note: 'Asked about the payout',
    });
    expect(noted.location).toBe(`/operator/players/${player.id}?done=interaction`);
    expect(await auditOf(ctx.api, 'player', player.id)).toHaveLength(2);
  });

  it('without balance no payout is asked; two admins closing at once: one closes, the other is refused', async () => {
    const player = await ctx.api.player();
    const first = await staffMember(ctx.api, 'admin');
    const second = await staffMember(ctx.api, 'admin');
    const page = await first.client.get(`/operator/players/${player.id}`);
    expect(page.text).toContain(`action="/operator/players/${player.id}/close"`);
    expect(page.text).not.toContain('id="close-method"');
    await second.client.get(`/operator/players/${player.id}`);
    const replies = await Promise.all([
      first.client.post(`/operator/players/${player.id}/close`, CLOSE),
      second.client.post(`/operator/players/${player.id}/close`, CLOSE),
    ]);
    expect(replies.map((reply) => reply.status).sort()).toEqual([303, 409]);
    expect(replies.find((reply) => reply.status === 409)!.text).toContain(alert('This account is already closed.'));
    expect(await withdrawalsOf(player.id)).toEqual([]);
    const rows = await auditOf(ctx.api, 'player', player.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.after).toEqual({
      closed: true,
      reason: 'The player asked by phone',
      balance: '0.00',
      bonus_balance: '0.00',
    });
    expect((await signIn(player.email, player.password)).body).toEqual(LOGIN_FAILED);
  });

  it('no payout destination for the balance, or unverified with a balance: 409 saying why, no change', async () => {
    const admin = await staffMember(ctx.api, 'admin');
    const player = await ctx.api.player({ balance: '12.34', verified: true });
    await admin.client.get(`/operator/players/${player.id}`);
    const noPayout = await admin.client.post(`/operator/players/${player.id}/close`, CLOSE);
    expect(noPayout.status).toBe(409);
    expect(noPayout.text).toContain(
      alert(
        'The balance of €12.34 is paid out when the account closes: choose the method and enter where the ' +
          'player wants it sent. Nothing was changed.',
      ),
    );

    const unverified = await ctx.api.player({ balance: '12.34' });
    await admin.client.get(`/operator/players/${unverified.id}`);
    const refused = await admin.client.post(`/operator/players/${unverified.id}/close`, { ...PAY_OUT, ...CLOSE });
    expect(refused.status).toBe(409);
    expect(refused.text).toContain(
      alert(
        'The balance of €12.34 must be paid out before the account closes, and money is paid out only to ' +
          'players whose identity is verified. The player must send an identity document first. Nothing was ' +
          'changed.',
      ),
    );

    for (const someone of [player, unverified]) {
      expect((await closedAt(someone.id)).closed_at).toBeNull();
      expect(await balanceOf(ctx.api, someone.id)).toBe('12.34');
      expect(await withdrawalsOf(someone.id)).toEqual([]);
      expect(await auditOf(ctx.api, 'player', someone.id)).toEqual([]);
      expect((await ctx.api.request('GET', '/api/user/me', { token: someone.token })).status).toBe(200);
    }
  });

  it('bad input is 400, changes nothing: no reason or confirmation, bad destination or method, controls', async () => {
    const admin = await staffMember(ctx.api, 'admin');
    const player = await ctx.api.player({ balance: '20.00', verified: true });
    await admin.client.get(`/operator/players/${player.id}`);
    const cases: [Record<string, string>, string][] = [
      [{ ...PAY_OUT, confirm: 'yes' }, '“Reason” is required.'],
      [{ ...PAY_OUT, reason: '   ', confirm: 'yes' }, '“Reason” is required.'],
      [{ ...PAY_OUT, reason: 'Asked' }, 'Tick “The player asked to close their account” to confirm.'],
      [{ ...PAY_OUT, reason: 'Asked', confirm: 'no' }, 'Tick “The player asked to close their account” to confirm.'],
      [
        { method: 'card', destination: '1234', ...CLOSE },
        'Choose a method and enter a valid card number, IBAN or wallet address for it.',
      ],
      [
        { method: 'cheque', destination: IBAN, ...CLOSE },
        'Choose a method and enter a valid card number, IBAN or wallet address for it.',
      ],
      [
        { method: 'bank_transfer', destination: '', ...CLOSE },
        'Choose a method and enter a valid card number, IBAN or wallet address for it.',
      ],
      [
        { ...PAY_OUT, reason: 'Asked\u202Eevil', confirm: 'yes' },
        '“Reason” contains control or direction-changing characters. Type it again without them.',
      ],
    ];
    for (const [fields, message] of cases) {
      const res = await admin.client.post(`/operator/players/${player.id}/close`, fields);
      expect(res.status, JSON.stringify(fields)).toBe(400);
      expect(res.text, JSON.stringify(fields)).toContain(alert(message));
    }
    expect((await closedAt(player.id)).closed_at).toBeNull();
    expect(await balanceOf(ctx.api, player.id)).toBe('20.00');
    expect(await auditOf(ctx.api, 'player', player.id)).toEqual([]);
  });

  it('support sees why the action is absent and is refused (403); a post without the CSRF token is 403', async () => {
    const player = await ctx.api.player({ balance: '5.00', verified: true });
    const support = await staffMember(ctx.api, 'support');
    const page = await support.client.get(`/operator/players/${player.id}`);
    expect(page.text).not.toContain(`action="/operator/players/${player.id}/close"`);
    expect(page.text).toContain('<p>Only an admin can change this account or its money.</p>');
    const refused = await support.client.post(`/operator/players/${player.id}/close`, { ...PAY_OUT, ...CLOSE });
    expect(refused.status).toBe(403);
    expect(refused.text).toContain('Your role (support) may look and write notes only; an admin can do this.');

    const admin = await staffMember(ctx.api, 'admin');
    await admin.client.get(`/operator/players/${player.id}`);
    const noToken = await admin.client.post(
      `/operator/players/${player.id}/close`,
      { ...PAY_OUT, ...CLOSE },
      { csrf: false },
    );
    expect(noToken.status).toBe(403);
    const wrongToken = await admin.client.post(
      `/operator/players/${player.id}/close`,
      { ...PAY_OUT, ...CLOSE },
      { csrf: 'x'.repeat(43) },
    );
    expect(wrongToken.status).toBe(403);
    expect(wrongToken.text).toContain('The form has expired or did not come from this console.');

    expect((await closedAt(player.id)).closed_at).toBeNull();
    expect(await balanceOf(ctx.api, player.id)).toBe('5.00');
    expect(await auditOf(ctx.api, 'player', player.id)).toEqual([]);
    expect((await signIn(player.email, player.password)).status).toBe(200);
  });
});
