import { describe, expect, it } from 'vitest';
import { manualClock } from '../../server/src/base/clock.ts';
import { useTestApi } from './harness.ts';
import { ConsoleClient, mailTo, passwordStep, staffMember, totpCode } from './operator-harness.ts';

const clock = manualClock(new Date('2026-06-01T09:00:00Z'));
const ctx = useTestApi({}, { clock });
const PASSWORD = 'violet-granary-compass-73';
let counter = 0;
const newEmail = () => `invitee${++counter}_${Date.now().toString(36)}@staff.example.test`;

/** The token of the newest invitation mail to `email`: after the link's '#', never in its query. */
async function invitationToken(email: string): Promise<string> {
  const mails = await mailTo(ctx.api, email);
  const mail = mails.at(-1)!;
  expect(mail.subject).toBe('You are invited to the AmberPlay operator console');
  const link = /(https?:\/\/\S+\/operator\/invitation\S*)/.exec(mail.text!)![1]!;
  expect(link).not.toContain('?');
  return /#([0-9a-f]{64})$/.exec(link)![1]!;
}

/** The invitee's page and answer, as the browser sends it (the page's script copies the token). */
async function accept(client: ConsoleClient, token: string, password = PASSWORD, confirm = password) {
  await client.get('/operator/invitation');
  return client.post('/operator/invitation', { token, new_password: password, confirm_password: confirm });
}

describe('inviting staff from the console', () => {
  it('an admin invites; the invitee chooses a password, must enrol two-factor, then works in their role', async () => {
    const admin = await staffMember(ctx.api, 'admin');
    const email = newEmail();
    await admin.client.get('/operator/staff');
    const sent = await admin.client.post('/operator/staff/invitations', {
      email: email.toUpperCase(),
      role: 'payments',
    });
    expect(sent.status).toBe(200);
    expect(sent.text).toContain(`Invitation mailed to ${email} (payments)`);
    expect(sent.text).toMatch(new RegExp(`<tr data-invitation="\\d+"><td>${email}</td><td>payments</td>`));
    const token = await invitationToken(email);
    // Neither the page, the table nor the audit log holds the token.
    expect(sent.text).not.toContain(token);
    const stored = await ctx.api.db.query<{ token_hash: string; expires_at: Date | string }>(
      'SELECT token_hash, expires_at FROM staff_invitations WHERE email = $1',
      [email],
    );
    expect(stored[0]!.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(stored[0]!.token_hash).not.toBe(token);
    expect(new Date(stored[0]!.expires_at).toISOString()).toBe('2026-06-04T09:00:00.000Z');
    const audits = await ctx.api.db.query<{ staff_id: number; text: string }>(
      "SELECT staff_id, after::text AS text FROM staff_audit WHERE action = 'staff.invite' AND after->>'email' = $1",
      [email],
    );
    expect(audits).toHaveLength(1);
    expect(audits[0]!.staff_id).toBe(admin.id);
    expect(audits[0]!.text).not.toContain(token);

    const invitee = new ConsoleClient(ctx.api);
    // A weak password or two that differ: refused, nothing created, the invitation still works.
    expect((await accept(invitee, token, 'short')).status).toBe(400);
    expect((await accept(invitee, token, PASSWORD, `${PASSWORD}x`)).text).toContain('The two passwords differ.');
    const answered = await accept(invitee, token);
    expect(answered.location).toBe('/operator/two-factor/setup');
    // Before the second factor nothing of the console opens.
    expect((await invitee.get('/operator/withdrawals')).location).toBe('/operator/two-factor/setup');
    const setup = await invitee.get('/operator/two-factor/setup');
    const secret = /data-totp-secret>([A-Z2-7]+)</.exec(setup.text)![1]!;
    expect((await invitee.post('/operator/two-factor/setup', { code: totpCode(ctx.api, secret) })).location).toBe(
      '/operator',
    );
    expect((await invitee.get('/operator/withdrawals')).status).toBe(200);
    expect((await invitee.get('/operator/staff')).status).toBe(403);
    const [account] = await ctx.api.db.query<{ role: string; must_change_password: boolean }>(
      'SELECT role, must_change_password FROM staff WHERE email = $1',
      [email],
    );
    expect(account).toEqual({ role: 'payments', must_change_password: false });

    // The link works once.
    expect((await accept(new ConsoleClient(ctx.api), token)).status).toBe(410);
    // Signing in again asks for the code: the account works with its password and second factor.
    const again = new ConsoleClient(ctx.api);
    expect((await passwordStep(again, email, PASSWORD)).location).toBe('/operator/two-factor');
  });

  it('an expired, withdrawn, replaced or made-up link is refused; an existing account cannot be invited', async () => {
    let admin = await staffMember(ctx.api, 'admin');
    const email = newEmail();
    await admin.client.get('/operator/staff');
    await admin.client.post('/operator/staff/invitations', { email, role: 'support' });
    const first = await invitationToken(email);
    clock.advance(72 * 3600 + 1);
    expect((await accept(new ConsoleClient(ctx.api), first)).status).toBe(410);
    // The admin's session ended meanwhile (idle): they sign in again.
    admin = await staffMember(ctx.api, 'admin');

    await admin.client.get('/operator/staff');
    await admin.client.post('/operator/staff/invitations', { email, role: 'support' });
    const second = await invitationToken(email);
    await admin.client.post('/operator/staff/invitations', { email, role: 'risk' });
    const third = await invitationToken(email);
    expect((await accept(new ConsoleClient(ctx.api), second)).status).toBe(410);
    const [open] = await ctx.api.db.query<{ id: number }>(
      'SELECT id FROM staff_invitations WHERE email = $1 AND revoked_at IS NULL',
      [email],
    );
    const revoked = await admin.client.post(`/operator/staff/invitations/${open!.id}/revoke`);
    expect(revoked.location).toBe('/operator/staff?done=revoked');
    expect((await accept(new ConsoleClient(ctx.api), third)).status).toBe(410);
    expect((await accept(new ConsoleClient(ctx.api), 'f'.repeat(64))).status).toBe(410);
    expect((await accept(new ConsoleClient(ctx.api), 'not-a-token')).status).toBe(410);
    expect(
      (await ctx.api.db.query('SELECT 1 FROM staff WHERE email = $1', [email])).length,
      'no account from a refused link',
    ).toBe(0);

    await admin.client.get('/operator/staff');
    const existing = await admin.client.post('/operator/staff/invitations', { email: admin.email, role: 'support' });
    expect(existing.status).toBe(409);
    await admin.client.get('/operator/staff');
    expect((await admin.client.post('/operator/staff/invitations', { email, role: 'owner' })).status).toBe(400);
    await admin.client.get('/operator/staff');
    expect(
      (await admin.client.post('/operator/staff/invitations', { email: 'x\u202e@example.test', role: 'risk' })).status,
    ).toBe(400);
  });

  it('two answers to one link make one account; the form needs its own token; only staff.manage invites', async () => {
    const admin = await staffMember(ctx.api, 'admin');
    const email = newEmail();
    await admin.client.get('/operator/staff');
    await admin.client.post('/operator/staff/invitations', { email, role: 'content' });
    const token = await invitationToken(email);
    const forged = new ConsoleClient(ctx.api);
    expect(
      (
        await forged.post(
          '/operator/invitation',
          { token, new_password: PASSWORD, confirm_password: PASSWORD },
          { csrf: 'x' },
        )
      ).status,
    ).toBe(403);
    const answers = await Promise.all([
      accept(new ConsoleClient(ctx.api), token),
      accept(new ConsoleClient(ctx.api), token),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([303, 410]);
    expect((await ctx.api.db.query('SELECT 1 FROM staff WHERE email = $1', [email])).length).toBe(1);

    const support = await staffMember(ctx.api, 'support');
    await support.client.get('/operator');
    expect(
      (await support.client.post('/operator/staff/invitations', { email: newEmail(), role: 'admin' })).status,
    ).toBe(403);
  });

  it('an admin changes a role to a new one (audited); the staff page offers every role', async () => {
    const admin = await staffMember(ctx.api, 'admin');
    const other = await staffMember(ctx.api, 'support');
    const page = await admin.client.get('/operator/staff');
    for (const role of ['admin', 'support', 'risk', 'payments', 'content', 'marketing'])
      expect(page.text).toContain(`<option value="${role}"`);
    expect((await admin.client.post(`/operator/staff/${other.id}/role`, { role: 'marketing' })).location).toBe(
      '/operator/staff?done=role',
    );
    const [row] = await ctx.api.db.query<{ before: object; after: { role: string } }>(
      "SELECT before, after FROM staff_audit WHERE action = 'staff.set_role' AND target_id = $1",
      [String(other.id)],
    );
    expect(row!.before).toEqual({ role: 'support' });
    expect(row!.after.role).toBe('marketing');
    expect((await other.client.get('/operator/offers')).status).toBe(200);
    expect((await other.client.get('/operator/players')).status).toBe(403);
    await admin.client.get('/operator/staff');
    expect((await admin.client.post(`/operator/staff/${other.id}/role`, { role: 'owner' })).status).toBe(400);
  });
});
