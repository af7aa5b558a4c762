import { describe, expect, it } from 'vitest';
import { manualClock } from '../../server/src/base/clock.ts';
import { balanceOf, useTestApi } from './harness.ts';
import { runOpenLinkScript } from './email-change-page.ts';
import { auditOf, cardWithdrawal, mailTo, staffMember } from './operator-harness.ts';
import { type Credentials, signInReply } from './fixtures/sign-in.ts';

const clock = manualClock(new Date('2026-03-02T10:00:00Z'));
const ctx = useTestApi({ SUPPORT_EMAIL: 'help@amberplay.example' }, { clock });

const own = async (token: string, language = 'en') =>
  (await ctx.api.request('GET', '/api/user/notification?mode=own', { token, headers: { 'accept-language': language } }))
    .body as { title: string; body: string }[];
const signIn = (player: Credentials) => signInReply(ctx.api, player);
const ledgerOf = (userId: number) =>
  ctx.api.db.query<{ account: string; amount: string; type: string; template: string }>(
    `SELECT l.account, l.amount::text, t.type, t.template FROM ledger l JOIN transactions t ON t.id = ` +
      `l.transaction_id WHERE l.user_id = $1 ORDER BY l.id`,
    [userId],
  );
const german = (userId: number) => ctx.api.db.query("UPDATE users SET locale = 'de' WHERE id = $1", [userId]);
/** The adjustment form's fields as the player page renders them (its own idempotency token). */
async function adjustForm(client: Awaited<ReturnType<typeof staffMember>>['client'], playerId: number) {
  const page = await client.get(`/operator/players/${playerId}`);
  const token = /name="token" value="([^"]+)"/.exec(page.text)?.[1];
  expect(token).toBeTruthy();
  return token!;
}

describe('account state', () => {
  it('support 403, no CSRF token 403; an admin suspends: signed out, sign-in names support; reinstate', async () => {
    const player = await ctx.api.player({ balance: '80.00', verified: true });
    await german(player.id);
    await cardWithdrawal(ctx.api, player, '30.00');
    await ctx.api.db.query(
      `INSERT INTO game_sessions (id, user_id, game_id, mode, currency, locale, server_seed, server_seed_hash,
        client_seed, created_at, expires_at)
       SELECT repeat('a', 40), $1, id, 'real', 'EUR', 'de', 's', 'h', 'c', $2, $3 FROM games LIMIT 1`,
      [player.id, clock().toISOString(), new Date(clock().getTime() + 3_600_000).toISOString()],
    );
    const support = await staffMember(ctx.api, 'support');
    await support.client.get(`/operator/players/${player.id}`);
    const refused = await support.client.post(`/operator/players/${player.id}/suspend`, { reason: 'Fraud check' });
    expect(refused.status).toBe(403);
    expect(refused.text).toContain('Your role (support) may look and write notes only');

    const admin = await staffMember(ctx.api, 'admin');
    const page = await admin.client.get(`/operator/players/${player.id}`);
    expect(page.text).toContain('<h3 id="suspend-title">Suspend account</h3>');
    expect(
      (await admin.client.post(`/operator/players/${player.id}/suspend`, { reason: 'Fraud check' }, { csrf: false }))
        .status,
    ).toBe(403);
    expect((await admin.client.post(`/operator/players/${player.id}/suspend`, { reason: '' })).status).toBe(400);
    const done = await admin.client.post(`/operator/players/${player.id}/suspend`, { reason: 'Fraud check' });
    expect(done.location).toBe(`/operator/players/${player.id}?done=suspended`);

    expect((await ctx.api.request('GET', '/api/user/me', { token: player.token })).status).toBe(401);
    const [game] = await ctx.api.db.query<{ expires_at: Date }>(
      "SELECT expires_at FROM game_sessions WHERE id = repeat('a', 40)",
    );
    expect(new Date(game!.expires_at).toISOString()).toBe(clock().toISOString());
    const login = await signIn(player);
    expect(login.status).toBe(403);
    expect(login.body).toEqual({ detail: 'Your account is suspended. Contact support at help@amberplay.example.' });
    const [withdrawal] = await ctx.api.db.query<{ status: string }>(
      "SELECT status FROM transactions WHERE user_id = $1 AND type = 'withdrawal'",
      [player.id],
    );
    expect(withdrawal!.status).toBe('pending');
    expect((await admin.client.get('/operator/withdrawals')).text).toContain(player.username);
    expect((await admin.client.get(`/operator/players/${player.id}?done=suspended`)).text).toMatch(
      /<dd data-account-state>suspended since 2026-03-02 10:00 UTC: Fraud check<\/dd>/,
    );
    expect((await admin.client.post(`/operator/players/${player.id}/suspend`, { reason: 'again' })).status).toBe(409);

    const suspendedMail = (await mailTo(ctx.api, player.email)).find(
      (mail) => mail.subject === 'Ihr AmberPlay-Konto wurde gesperrt',
    );
    expect(suspendedMail, 'the suspension mail').toBeDefined();
    expect(suspendedMail!.text).toContain('Fragen? Schreiben Sie an help@amberplay.example.');

    await admin.client.get(`/operator/players/${player.id}`);
    expect((await admin.client.post(`/operator/players/${player.id}/reinstate`, { reason: 'Cleared' })).location).toBe(
      `/operator/players/${player.id}?done=reinstated`,
    );
    const again = await signIn(player);
    expect(again.status).toBe(200);
    expect((await own(again.body.auth_token, 'de')).slice(0, 2).map((item) => item.title)).toEqual([
      'Konto wieder aktiv',
      'Konto gesperrt',
    ]);
    expect(
      (await mailTo(ctx.api, player.email)).some((mail) => mail.subject === 'Ihr AmberPlay-Konto ist wieder aktiv'),
    ).toBe(true);
    expect(await auditOf(ctx.api, 'player', player.id)).toEqual([
      {
        staff_id: admin.id,
        action: 'player.suspend',
        before: { suspended: false },
        after: { suspended: true, reason: 'Fraud check', tokens_ended: 1, game_sessions_ended: 1 },
      },
      {
        staff_id: admin.id,
        action: 'player.reinstate',
        before: { suspended: true, reason: 'Fraud check' },
        after: { suspended: false, reason: 'Cleared' },
      },
    ]);
  });
});

describe('balance adjustments', () => {
  it('an admin credits 25.00 through the ledger with reason and note: history, notification, mail, audit', async () => {
    const player = await ctx.api.player({ balance: '10.00' });
    await german(player.id);
    const admin = await staffMember(ctx.api, 'admin');
    const token = await adjustForm(admin.client, player.id);
    const res = await admin.client.post(`/operator/players/${player.id}/adjustments`, {
      direction: 'credit',
      amount: '25',
      reason: 'goodwill',
      note: 'Game froze',
      token,
    });
    expect(res.location).toBe(`/operator/players/${player.id}?done=adjusted`);
    expect(await balanceOf(ctx.api, player.id)).toBe('35.00');
    expect((await ledgerOf(player.id)).at(-1)).toEqual({
      account: 'cash',
      amount: '25.00',
      type: 'adjustment',
      template: 'adjustment_goodwill',
    });
    const history = await ctx.api.request('GET', '/api/user/history', {
      token: player.token,
      headers: { 'accept-language': 'en' },
    });
    expect(history.body.results.find((item: { type: string }) => item.type === 'adjustment')).toMatchObject({
      type: 'adjustment',
      amount: '25.00',
      status: 'completed',
      description: 'Goodwill adjustment',
    });
    expect((await own(player.token, 'de'))[0]).toEqual(
      expect.objectContaining({
        title: 'Guthaben angepasst',
        body: 'Unser Team hat Ihr Guthaben um 25,00\u00a0€ angepasst. Sie sehen die Buchung in Ihrem Verlauf.',
      }),
    );
    expect(
      (await mailTo(ctx.api, player.email)).some(
        (mail) => mail.subject === 'Ihr Guthaben wurde angepasst' && mail.text!.includes('25,00\u00a0€'),
      ),
    ).toBe(true);
    expect(await auditOf(ctx.api, 'player', player.id)).toEqual([
      {
        staff_id: admin.id,
        action: 'adjustment.request',
        before: { balance: '10.00' },
        after: {
          adjustment_id: expect.any(Number),
          amount: '25.00',
          reason: 'goodwill',
          note: 'Game froze',
          outcome: 'applied',
          window_total: '25.00',
          balance: '35.00',
        },
      },
    ]);
    // The same form sent again is the same adjustment.
    expect(
      (
        await admin.client.post(`/operator/players/${player.id}/adjustments`, {
          direction: 'credit',
          amount: '25',
          reason: 'goodwill',
          note: 'Game froze',
          token,
        })
      ).status,
    ).toBe(303);
    expect(await balanceOf(ctx.api, player.id)).toBe('35.00');
  });

  it('a debit never takes the balance below zero; bad input and support are refused', async () => {
    const player = await ctx.api.player({ balance: '10.00' });
    const admin = await staffMember(ctx.api, 'admin');
    const token = await adjustForm(admin.client, player.id);
    const below = await admin.client.post(`/operator/players/${player.id}/adjustments`, {
      direction: 'debit',
      amount: '10.01',
      reason: 'chargeback',
      note: 'Bank chargeback',
      token,
    });
    expect(below.status).toBe(409);
    expect(below.text).toContain('Refused: the debit of €10.01 is more than the cash balance of €10.00.');
    expect(await balanceOf(ctx.api, player.id)).toBe('10.00');
    for (const bad of [
      { amount: '-5' },
      { amount: '1.234' },
      { amount: '0' },
      { reason: 'bribe' },
      { direction: 'both' },
      { note: '' },
    ]) {
      const sent = await admin.client.post(`/operator/players/${player.id}/adjustments`, {
        direction: 'debit',
        amount: '5',
        reason: 'correction',
        note: 'n',
        token,
        ...bad,
      });
      expect(sent.status, JSON.stringify(bad)).toBe(400);
    }
    const debit = await admin.client.post(`/operator/players/${player.id}/adjustments`, {
      direction: 'debit',
      amount: '10.00',
      reason: 'chargeback',
      note: 'Bank chargeback',
      token,
    });
    expect(debit.status).toBe(303);
    expect(await balanceOf(ctx.api, player.id)).toBe('0.00');
    expect((await ledgerOf(player.id)).at(-1)).toEqual({
      account: 'cash',
      amount: '-10.00',
      type: 'adjustment',
      template: 'adjustment_chargeback',
    });
    const support = await staffMember(ctx.api, 'support');
    await support.client.get(`/operator/players/${player.id}`);
    expect(
      (
        await support.client.post(`/operator/players/${player.id}/adjustments`, {
          direction: 'credit',
          amount: '5',
          reason: 'other',
          note: 'n',
          token: 'b'.repeat(36),
        })
      ).status,
    ).toBe(403);
  });

  it('20 parallel identical submissions with one idempotency token apply once', async () => {
    const player = await ctx.api.player();
    const admin = await staffMember(ctx.api, 'admin');
    const token = await adjustForm(admin.client, player.id);
    const fields = { direction: 'credit', amount: '7.50', reason: 'correction', note: 'Missed win', token };
    const replies = await Promise.all(
      Array.from({ length: 20 }, () => admin.client.post(`/operator/players/${player.id}/adjustments`, fields)),
    );
    expect(replies.map((reply) => reply.status)).toEqual(Array(20).fill(303));
    expect(await balanceOf(ctx.api, player.id)).toBe('7.50');
    expect((await ledgerOf(player.id)).filter((row) => row.type === 'adjustment')).toHaveLength(1);
    const [count] = await ctx.api.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM balance_adjustments WHERE user_id = $1',
      [player.id],
    );
    expect(count!.n).toBe(1);
    expect((await auditOf(ctx.api, 'player', player.id)).filter((row) => row.after.outcome === 'applied')).toHaveLength(
      1,
    );
  });

  it('above ADJUSTMENT_SECOND_APPROVAL a second admin applies it (four eyes); the requester is refused', async () => {
    const player = await ctx.api.player({ balance: '5.00' });
    const first = await staffMember(ctx.api, 'admin');
    const second = await staffMember(ctx.api, 'admin');
    const token = await adjustForm(first.client, player.id);
    const asked = await first.client.post(`/operator/players/${player.id}/adjustments`, {
      direction: 'credit',
      amount: '500.01',
      reason: 'goodwill',
      note: 'VIP',
      token,
    });
    expect(asked.location).toBe(`/operator/players/${player.id}?done=adjustment_waiting`);
    expect(await balanceOf(ctx.api, player.id)).toBe('5.00');
    const mine = await first.client.get(`/operator/players/${player.id}`);
    const id = Number(/data-adjustment="(\d+)"/.exec(mine.text)![1]);
    expect(mine.text).toContain('You asked for it: another admin must decide.');
    const byRequester = await first.client.post(`/operator/adjustments/${id}/approve`);
    expect(byRequester.status).toBe(409);
    expect(byRequester.text).toContain('a different admin must approve or decline it');
    const theirs = await second.client.get(`/operator/players/${player.id}`);
    expect(theirs.text).toContain(`action="/operator/adjustments/${id}/approve"`);
    expect(theirs.text).toContain('€500.01');
    const approved = await second.client.post(`/operator/adjustments/${id}/approve`);
    expect(approved.location).toBe(`/operator/players/${player.id}?done=adjusted`);
    expect(await balanceOf(ctx.api, player.id)).toBe('505.01');
    expect((await second.client.post(`/operator/adjustments/${id}/approve`)).status).toBe(409);
    expect((await second.client.get(`/operator/players/${player.id}`)).text).toContain('None waiting.');
    expect(
      (await auditOf(ctx.api, 'player', player.id)).map((row) => [
        row.staff_id,
        row.action,
        row.after.outcome ?? row.after.status,
      ]),
    ).toEqual([
      [first.id, 'adjustment.request', 'pending'],
      [second.id, 'adjustment.apply', 'applied'],
    ]);
    expect((await own(player.token))[0]!.title).toBe('Balance adjusted');

    // Declined: kept on the record, the balance untouched.
    const token2 = await adjustForm(first.client, player.id);
    await first.client.post(`/operator/players/${player.id}/adjustments`, {
      direction: 'debit',
      amount: '501',
      reason: 'correction',
      note: 'Duplicate credit',
      token: token2,
    });
    const waiting = await second.client.get(`/operator/players/${player.id}`);
    const id2 = Number(/data-adjustment="(\d+)"/.exec(waiting.text)![1]);
    expect((await second.client.post(`/operator/adjustments/${id2}/decline`)).location).toBe(
      `/operator/players/${player.id}?done=adjustment_declined`,
    );
    expect(await balanceOf(ctx.api, player.id)).toBe('505.01');
  });
});

describe('bonus grant', () => {
  it('credits the bonus account through the ledger with its own wagering multiplier; one bonus at a time', async () => {
    const player = await ctx.api.player();
    const admin = await staffMember(ctx.api, 'admin');
    await admin.client.get(`/operator/players/${player.id}`);
    const res = await admin.client.post(`/operator/players/${player.id}/bonus`, {
      amount: '20',
      multiplier: '10',
      reason: 'Birthday',
    });
    expect(res.location).toBe(`/operator/players/${player.id}?done=bonus`);
    expect((await ledgerOf(player.id)).at(-1)).toEqual({
      account: 'bonus',
      amount: '20.00',
      type: 'bonus',
      template: 'bonus',
    });
    const status = await ctx.api.request('GET', '/api/user/bonus', { token: player.token });
    expect(status.body).toMatchObject({
      active: true,
      bonus_balance: '20.00',
      wagering_multiplier: 10,
      wagering_required: '200.00',
    });
    expect((await own(player.token))[0]).toEqual(
      expect.objectContaining({
        title: 'Bonus added',
        body: 'Our team added a bonus of €20.00. Wager it 10 times to turn it into cash.',
      }),
    );
    expect(
      (await mailTo(ctx.api, player.email)).some((mail) => mail.subject === 'A bonus was added to your account'),
    ).toBe(true);
    expect(await auditOf(ctx.api, 'player', player.id)).toEqual([
      {
        staff_id: admin.id,
        action: 'bonus.grant',
        before: { bonus_balance: '0.00' },
        after: { bonus_balance: '20.00', multiplier: 10, reason: 'Birthday' },
      },
    ]);
    expect(
      (
        await admin.client.post(`/operator/players/${player.id}/bonus`, {
          amount: '5',
          multiplier: '10',
          reason: 'Again',
        })
      ).status,
    ).toBe(409);
    expect(
      (await admin.client.post(`/operator/players/${player.id}/bonus`, { amount: '5', multiplier: '0', reason: 'Bad' }))
        .status,
    ).toBe(400);
    // Cancelling forfeits it and the configured multiplier applies again.
    expect((await ctx.api.request('POST', '/api/user/bonus/cancel', { token: player.token })).status).toBeLessThan(300);
    const [row] = await ctx.api.db.query<{ bonus_multiplier: number | null }>(
      'SELECT bonus_multiplier FROM users WHERE id = $1',
      [player.id],
    );
    expect(row!.bonus_multiplier).toBeNull();
  });
});

describe("safer gambling on the player's behalf", () => {
  it('sets a first or lower limit at once, never higher; a time-out only lengthens; shows interactions', async () => {
    const player = await ctx.api.player();
    const admin = await staffMember(ctx.api, 'admin');
    await admin.client.get(`/operator/players/${player.id}`);
    expect(
      (
        await admin.client.post(`/operator/players/${player.id}/limits`, {
          kind: 'deposit',
          period: 'week',
          amount: '100',
          reason: 'Affordability',
        })
      ).location,
    ).toBe(`/operator/players/${player.id}?done=limit`);
    expect(
      (
        await admin.client.post(`/operator/players/${player.id}/limits`, {
          kind: 'deposit',
          period: 'week',
          amount: '150',
          reason: 'Raise',
        })
      ).status,
    ).toBe(409);
    expect(
      (
        await admin.client.post(`/operator/players/${player.id}/limits`, {
          kind: 'deposit',
          period: 'week',
          amount: '60',
          reason: 'Lower',
        })
      ).status,
    ).toBe(303);
    expect(
      (
        await admin.client.post(`/operator/players/${player.id}/limits`, {
          kind: 'deposit',
          period: 'year',
          amount: '60',
          reason: 'x',
        })
      ).status,
    ).toBe(400);
    const rg = await ctx.api.request('GET', '/api/user/responsible-gaming', { token: player.token });
    expect(rg.body.deposit_limits.week).toMatchObject({ amount: '60.00', pending: null });
    expect((await own(player.token))[0]!.title).toBe('Limit set');

    const res = await admin.client.post(`/operator/players/${player.id}/time-out`, {
      period: '7d',
      reason: 'Asked on the phone',
    });
    expect(res.location).toBe(`/operator/players/${player.id}?done=time_out`);
    expect((await ctx.api.request('GET', '/api/user/me', { token: player.token })).status).toBe(401);
    await admin.client.post(`/operator/players/${player.id}/time-out`, { period: '24h', reason: 'Shorter' });
    const [user] = await ctx.api.db.query<{ time_out_until: Date }>('SELECT time_out_until FROM users WHERE id = $1', [
      player.id,
    ]);
    expect(new Date(user!.time_out_until).toISOString()).toBe('2026-03-09T10:00:00.000Z');
    expect(
      (await mailTo(ctx.api, player.email)).some(
        (mail) => mail.subject === 'A time-out has started on your account' && mail.text!.includes('March 9, 2026'),
      ),
    ).toBe(true);
    const audits = await auditOf(ctx.api, 'player', player.id);
    expect(audits.map((row) => row.action)).toEqual(['limit.set', 'limit.set', 'time_out.apply', 'time_out.apply']);
    expect(audits[1]).toEqual({
      staff_id: admin.id,
      action: 'limit.set',
      before: { kind: 'deposit', period: 'week', amount: '100.00' },
      after: { kind: 'deposit', period: 'week', amount: '60.00', reason: 'Lower' },
    });

    const support = await staffMember(ctx.api, 'support');
    const page = await support.client.get(`/operator/players/${player.id}`);
    expect(page.text).toContain('<button type="submit">Record interaction</button>');
    expect(page.text).not.toContain('Suspend account');
    expect(
      (
        await support.client.post(`/operator/players/${player.id}/interactions`, {
          kind: 'phone',
          note: 'Talked about <limits>',
        })
      ).location,
    ).toBe(`/operator/players/${player.id}?done=interaction`);
    expect(
      (await support.client.post(`/operator/players/${player.id}/interactions`, { kind: 'pigeon', note: 'x' })).status,
    ).toBe(400);
    expect(
      (await support.client.post(`/operator/players/${player.id}/time-out`, { period: '7d', reason: 'x' })).status,
    ).toBe(403);
    expect((await support.client.get(`/operator/players/${player.id}`)).text).toContain(
      '<strong>phone call:</strong> Talked about &lt;limits&gt;',
    );
  });
});

describe('security', () => {
  it('ends all sessions; removes two-factor with a mandatory reason and mails the player', async () => {
    const player = await ctx.api.player();
    const admin = await staffMember(ctx.api, 'admin');
    await admin.client.get(`/operator/players/${player.id}`);
    expect(
      (await admin.client.post(`/operator/players/${player.id}/sessions/end`, { reason: 'Lost phone' })).location,
    ).toBe(`/operator/players/${player.id}?done=sessions_ended`);
    expect((await ctx.api.request('GET', '/api/user/me', { token: player.token })).status).toBe(401);

    expect(
      (await admin.client.post(`/operator/players/${player.id}/two-factor/remove`, { reason: 'Lost phone' })).status,
    ).toBe(409);
    await ctx.api.db.query(
      "INSERT INTO two_factor (user_id, secret, confirmed_at) VALUES ($1, 'JBSWY3DPEHPK3PXP', now())",
      [player.id],
    );
    expect((await admin.client.post(`/operator/players/${player.id}/two-factor/remove`, { reason: '' })).status).toBe(
      400,
    );
    expect(
      (
        await admin.client.post(`/operator/players/${player.id}/two-factor/remove`, {
          reason: 'Identity checked by video call',
        })
      ).location,
    ).toBe(`/operator/players/${player.id}?done=two_factor_removed`);
    expect(await ctx.api.db.query('SELECT 1 FROM two_factor WHERE user_id = $1', [player.id])).toEqual([]);
    expect((await signIn(player)).status).toBe(200);
    expect((await mailTo(ctx.api, player.email)).some((mail) => /two-factor/i.test(mail.subject ?? ''))).toBe(true);
    expect((await auditOf(ctx.api, 'player', player.id)).map((row) => [row.action, row.after])).toEqual([
      ['sessions.end', { tokens: 0, game_sessions: 0, reason: 'Lost phone' }],
      ['two_factor.remove', { two_factor: 'off', reason: 'Identity checked by video call' }],
    ]);
  });

  it('changes an email only through a link to the new address (token in its fragment), telling the old', async () => {
    const player = await ctx.api.player();
    await german(player.id);
    const other = await ctx.api.player();
    const admin = await staffMember(ctx.api, 'admin');
    await admin.client.get(`/operator/players/${player.id}`);
    expect(
      (
        await admin.client.post(`/operator/players/${player.id}/email`, {
          email: 'not-an-address',
          reason: 'Asked by phone',
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await admin.client.post(`/operator/players/${player.id}/email`, {
          email: other.email,
          reason: 'Asked by phone',
        })
      ).status,
    ).toBe(409);
    expect(
      (await admin.client.post(`/operator/players/${player.id}/email`, { email: 'new@example.test', reason: '' }))
        .status,
    ).toBe(400);
    const newEmail = `New_${player.username}@Example.test`;
    const res = await admin.client.post(`/operator/players/${player.id}/email`, {
      email: newEmail,
      reason: 'Old mailbox closed',
    });
    expect(res.location).toBe(`/operator/players/${player.id}?done=email_change`);
    const normalized = newEmail.toLowerCase();
    // Nothing changes until the link is used.
    expect((await signIn(player)).status).toBe(200);
    await german(player.id); // signing in set the language of that request
    const notice = (await mailTo(ctx.api, player.email)).find(
      (mail) => mail.subject === 'Eine Änderung Ihrer AmberPlay-E-Mail-Adresse wurde angefordert',
    );
    expect(notice!.text).toContain(`in ${normalized} zu ändern`);
    const confirm = (await mailTo(ctx.api, normalized)).find(
      (mail) => mail.subject === 'Bestätigen Sie Ihre neue E-Mail-Adresse für AmberPlay',
    );
    // The token rides in the fragment, which browsers never send: never in a query string, so never
    // in a proxy's log or the history's addresses.
    for (const part of [confirm!.text!, String(confirm!.html)]) expect(part).not.toMatch(/email-change\?/);
    const link = new URL(/http:\/\/\S+\/email-change#token=[0-9a-f]{40}/.exec(confirm!.text!)![0]);
    expect(String(confirm!.html)).toContain(`href="${link.href}"`);
    const token = new URLSearchParams(link.hash.slice(1)).get('token')!;
    // Opening the link (a mail scanner does) changes nothing; the browser sends no token with it.
    const opened = await ctx.api.request('GET', link.pathname);
    expect(opened.status).toBe(200);
    expect(opened.headers.get('cache-control')).toBe('no-store');
    expect(opened.body).not.toContain(normalized);
    // The page's script reads the token from the fragment, clears it from the address bar and posts it.
    expect(runOpenLinkScript(opened, `${link.pathname}${link.hash}`)).toEqual({
      allowed: true,
      action: '/email-change/view',
      posted: token,
      address: '/email-change',
    });
    expect(runOpenLinkScript(opened, link.pathname)).toMatchObject({ posted: '' });
    // A token in the query string is not read.
    expect((await ctx.api.request('GET', `/email-change?token=${token}`)).body).not.toContain(normalized);
    // The view names the new address in the player's language; viewing changes nothing.
    const form = { 'content-type': 'application/x-www-form-urlencoded' };
    for (let i = 0; i < 2; i++) {
      const viewed = await ctx.api.request('POST', '/email-change/view', { raw: `token=${token}`, headers: form });
      expect(viewed.status).toBe(200);
      expect(viewed.body).toContain('<html lang="de">');
      expect(viewed.body).toContain(normalized);
      expect(viewed.body).toContain(`<form method="post" action="/email-change"><input type="hidden" name="token"`);
      expect(viewed.headers.get('cache-control')).toBe('no-store');
    }
    expect((await ctx.api.request('POST', '/email-change/view', { raw: 'token=', headers: form })).status).toBe(404);
    for (const path of ['/email-change/view', '/email-change'])
      expect(
        (
          await ctx.api.request('POST', path, {
            raw: `token=${token}`,
            headers: { ...form, origin: 'https://evil.example' },
          })
        ).status,
      ).toBe(403);
    // Bad input by the form's schema (no token, a control character, the token as a file, a second
    // value that is not it: the last counts) is a used link, and leaves the link working.
    const multipart = new FormData();
    multipart.append('token', new File([token], 'token.txt'));
    for (const raw of ['', `token=${token}%00`, `token=%E2%80%AE${token}`, `token=${token}&token=x`]) {
      const bad = await ctx.api.request('POST', '/email-change', {
        raw,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      expect([raw, bad.status]).toEqual([raw, 404]);
    }
    expect((await ctx.api.request('POST', '/email-change', { form: multipart })).status).toBe(404);
    const used = await ctx.api.request('POST', '/email-change', {
      raw: `token=${token}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(used.status).toBe(200);
    expect(used.body).toContain(`Erledigt: Die E-Mail-Adresse Ihres Kontos ist jetzt ${normalized}.`);
    expect(
      (
        await ctx.api.request('POST', '/email-change', {
          raw: `token=${token}`,
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
        })
      ).status,
    ).toBe(404);
    expect((await signIn({ email: normalized, password: player.password })).status).toBe(200);
    expect((await signIn(player)).status).toBe(400);
    expect(
      (await auditOf(ctx.api, 'player', player.id)).map((row) => [row.staff_id, row.action, row.before, row.after]),
    ).toEqual([
      [
        admin.id,
        'email.change_request',
        { email: player.email },
        { pending_email: normalized, reason: 'Old mailbox closed' },
      ],
      [admin.id, 'email.change', { email: player.email }, { email: normalized, confirmed_by: 'player' }],
    ]);
  });
});
