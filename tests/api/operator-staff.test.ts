import { describe, expect, it } from 'vitest';
import { manualClock } from '../../server/src/base/clock.ts';
import { runOperatorCommand } from '../../server/src/operator/cli/operator-cli.ts';
import { openDatabase } from '../../server/src/db/open.ts';
import { databaseVariablesOf } from './fixtures/postgres-template.ts';
import { useTestApi } from './harness.ts';
import { auditOf, ConsoleClient, mailTo, passwordStep, staffMember, totpCode } from './operator-harness.ts';

const clock = manualClock(new Date('2026-06-01T09:00:00Z'));
const ctx = useTestApi({}, { clock });

const stateOf = async (id: number) =>
  (
    await ctx.api.db.query<{
      role: string;
      disabled: boolean;
      must_change_password: boolean;
      sessions: number;
      two_factor: number;
    }>(
      `SELECT role, disabled_at IS NOT NULL AS disabled, must_change_password,
            (SELECT count(*) FROM staff_sessions WHERE staff_id = s.id)::int AS sessions,
            (SELECT count(*) FROM staff_two_factor WHERE staff_id = s.id)::int AS two_factor
     FROM staff s WHERE id = $1`,
      [id],
    )
  )[0]!;

/** Every other active admin disabled straight in the schema, so `keep` is the last one (the file shares one schema). */
const onlyAdmin = (keep: number[]) =>
  ctx.api.db.query(
    "UPDATE staff SET disabled_at = $2 WHERE role = 'admin' AND disabled_at IS NULL AND NOT (id = ANY($1::int[]))",
    [keep, clock().toISOString()],
  );

describe('staff management in the console', () => {
  it('lists staff with their last sign-in; support may not open it (403)', async () => {
    const admin = await staffMember(ctx.api, 'admin');
    const support = await staffMember(ctx.api, 'support');
    const list = await admin.client.get('/operator/staff');
    expect(list.status).toBe(200);
    const row = new RegExp(`<tr data-staff="${support.id}">([\\s\\S]*?)</tr>`).exec(list.text)?.[1] ?? '';
    expect(row).toContain(`<td data-last-sign-in>2026-06-01 09:00 UTC</td>`);
    expect(row).toContain('<td data-state>active</td>');
    expect((await support.client.get('/operator/staff')).status).toBe(403);
    expect((await support.client.post(`/operator/staff/${admin.id}/disable`)).status).toBe(403);
    expect((await stateOf(admin.id)).disabled).toBe(false);
  });

  it('disable ends sessions, refuses sign-in (as a wrong password); enable lets them back; both audited', async () => {
    const admin = await staffMember(ctx.api, 'admin');
    const support = await staffMember(ctx.api, 'support');
    await admin.client.get('/operator/staff');
    expect((await admin.client.post(`/operator/staff/${support.id}/disable`)).location).toBe(
      '/operator/staff?done=disabled',
    );
    expect(await stateOf(support.id)).toMatchObject({ disabled: true, sessions: 0 });
    expect((await support.client.get('/operator/withdrawals')).location).toBe('/operator/sign-in');
    const again = new ConsoleClient(ctx.api);
    const refused = await passwordStep(again, support.email, support.password);
    expect(refused.status).toBe(400);
    expect(refused.text).toContain('Wrong email or password');
    const [failed] = await ctx.api.db.query<{ after: { reason: string } }>(
      "SELECT after FROM staff_audit WHERE action = 'staff.sign_in_failed' AND staff_id = $1",
      [support.id],
    );
    expect(failed!.after.reason).toBe('disabled');
    await admin.client.get('/operator/staff');
    expect((await admin.client.post(`/operator/staff/${support.id}/enable`)).location).toBe(
      '/operator/staff?done=enabled',
    );
    expect((await passwordStep(new ConsoleClient(ctx.api), support.email, support.password)).location).toBe(
      '/operator/two-factor',
    );
    expect(
      (await auditOf(ctx.api, 'staff', support.id)).filter(
        (a) => a.action.startsWith('staff.') && /able$/.test(a.action),
      ),
    ).toEqual([
      { staff_id: admin.id, action: 'staff.disable', before: { disabled: false }, after: { disabled: true } },
      { staff_id: admin.id, action: 'staff.enable', before: { disabled: true }, after: { disabled: false } },
    ]);
  });

  it('reset password: one-time password mailed, forced change, second factor; reset two-factor: re-enrol', async () => {
    const admin = await staffMember(ctx.api, 'admin');
    const support = await staffMember(ctx.api, 'support');
    await admin.client.get('/operator/staff');
    // no confirmation
    expect((await admin.client.post(`/operator/staff/${support.id}/reset-password`)).status).toBe(400);
    const reset = await admin.client.post(`/operator/staff/${support.id}/reset-password`, { confirm: 'yes' });
    expect(reset.status).toBe(200);
    expect(reset.headers.get('cache-control')).toBe('no-store');
    expect(reset.text).toContain(`A one-time password was mailed to ${support.email}`);
    const [mail] = await mailTo(ctx.api, support.email);
    expect(mail!.subject).toBe('Your AmberPlay console password was reset');
    const oneTime = /Your one-time password: ([A-Za-z0-9]{20})/.exec(mail!.text!)?.[1];
    expect(oneTime).toBeTruthy();
    expect(reset.text).not.toContain(oneTime);
    expect(await stateOf(support.id)).toMatchObject({ must_change_password: true, sessions: 0, two_factor: 1 });
    expect((await passwordStep(new ConsoleClient(ctx.api), support.email, support.password)).status).toBe(400);
    const client = new ConsoleClient(ctx.api);
    expect((await passwordStep(client, support.email, oneTime!)).location).toBe('/operator/password');
    await client.get('/operator/password');
    const newPassword = 'amber-harbour-lantern-77';
    expect(
      (await client.post('/operator/password', { new_password: newPassword, confirm_password: newPassword })).location,
    ).toBe('/operator/two-factor');
    await client.get('/operator/two-factor');
    clock.advance(30); // a code is taken once: the next step's
    expect((await client.post('/operator/two-factor', { code: totpCode(ctx.api, support.secret) })).location).toBe(
      '/operator',
    );

    await admin.client.get('/operator/staff');
    const twoFactor = await admin.client.post(`/operator/staff/${support.id}/reset-two-factor`, { confirm: 'yes' });
    expect(twoFactor.text).toContain(`Two-factor removed for ${support.email}`);
    expect(await stateOf(support.id)).toMatchObject({ two_factor: 0, sessions: 0 });
    clock.advance(60);
    expect((await passwordStep(new ConsoleClient(ctx.api), support.email, newPassword)).location).toBe(
      '/operator/two-factor/setup',
    );
    expect(
      (await auditOf(ctx.api, 'staff', support.id))
        .filter((a) => a.action.startsWith('staff.reset'))
        .map((a) => [a.staff_id, a.action]),
    ).toEqual([
      [admin.id, 'staff.reset_password'],
      [admin.id, 'staff.reset_two_factor'],
    ]);
  });

  it('changes a role; the last active admin can be neither disabled nor demoted, even by two at once', async () => {
    const first = await staffMember(ctx.api, 'admin');
    const second = await staffMember(ctx.api, 'admin');
    const support = await staffMember(ctx.api, 'support');
    await onlyAdmin([first.id, second.id]);
    await first.client.get('/operator/staff');
    expect((await first.client.post(`/operator/staff/${support.id}/role`, { role: 'root' })).status).toBe(400);
    expect((await first.client.post(`/operator/staff/${support.id}/role`, { role: 'admin' })).location).toBe(
      '/operator/staff?done=role',
    );
    expect((await first.client.post(`/operator/staff/${support.id}/role`, { role: 'support' })).location).toBe(
      '/operator/staff?done=role',
    );
    expect((await stateOf(support.id)).role).toBe('support');

    // Two admins, each disabling the other at the same moment: exactly one succeeds.
    await second.client.get('/operator/staff');
    const [a, b] = await Promise.all([
      first.client.post(`/operator/staff/${second.id}/disable`),
      second.client.post(`/operator/staff/${first.id}/disable`),
    ]);
    // The loser is refused as the last admin (409) or, when the winner's change committed before its
    // request was even let in, as a disabled account whose session has ended (403).
    expect([a.status, b.status].sort()[0]).toBe(303);
    expect([409, 403]).toContain([a.status, b.status].sort()[1]);
    const survivor = a.status === 303 ? first : second;
    const [active] = await ctx.api.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM staff WHERE role = 'admin' AND disabled_at IS NULL",
    );
    expect(active!.n).toBe(1);
    await survivor.client.get('/operator/staff');
    const self = await survivor.client.post(`/operator/staff/${survivor.id}/disable`);
    expect(self.status).toBe(409);
    expect(self.text).toContain('Refused: this is the last active admin.');
    expect((await survivor.client.post(`/operator/staff/${survivor.id}/role`, { role: 'support' })).status).toBe(409);
    expect(await stateOf(survivor.id)).toMatchObject({ role: 'admin', disabled: false });
    expect((await survivor.client.post('/operator/staff/999999/disable')).status).toBe(404);
  });
});

describe('npm run operator -- disable|enable|set-role|reset (this database, no server holding it)', () => {
  it('mirrors the console, audited as the command; refuses the last admin and unknown accounts', async () => {
    const admin = await staffMember(ctx.api, 'admin');
    const support = await staffMember(ctx.api, 'support');
    await onlyAdmin([admin.id]);
    // The command opens the same database the tests use (PostgreSQL: the test's database and schema; PGlite: the
    // open instance).
    const env = process.env.DATABASE_URL
      ? await databaseVariablesOf(ctx.api.db, process.env.DATABASE_URL)
      : { DATA_DIR: '/nonexistent-never-opened' };
    const open = process.env.DATABASE_URL ? openDatabase : async () => ({ ...ctx.api.db, close: async () => {} });
    const run = async (...args: string[]) => {
      const lines: string[] = [];
      const code = await runOperatorCommand(args, {
        env,
        log: (line) => lines.push(line),
        openDatabase: open as never,
        clock,
      });
      return { code, output: lines.join('\n') };
    };
    expect(await run('disable', support.email)).toMatchObject({ code: 0 });
    expect(await stateOf(support.id)).toMatchObject({ disabled: true, sessions: 0 });
    expect((await run('enable', support.email)).code).toBe(0);
    expect((await run('set-role', support.email, 'admin')).code).toBe(0);
    expect((await stateOf(support.id)).role).toBe('admin');
    expect((await run('set-role', support.email, 'support')).code).toBe(0);
    const reset = await run('reset', support.email, '--two-factor');
    expect(reset.code).toBe(0);
    expect(reset.output).toMatch(/One-time password: [A-Za-z0-9]{20}\n/);
    expect(await stateOf(support.id)).toMatchObject({ must_change_password: true, two_factor: 0 });
    const last = await run('disable', admin.email);
    expect(last).toEqual({ code: 1, output: 'This is the last active admin: another active admin must exist first.' });
    expect((await run('set-role', admin.email, 'support')).code).toBe(1);
    expect((await run('disable', 'nobody@staff.example.test')).output).toBe('No such staff account.');
    expect((await run('set-role', support.email, 'root')).code).toBe(2);
    expect(
      (await auditOf(ctx.api, 'staff', support.id))
        .filter((a) => a.staff_id === null && a.action !== 'staff.create')
        .map((a) => a.action),
    ).toEqual([
      'staff.disable',
      'staff.enable',
      'staff.set_role',
      'staff.set_role',
      'staff.reset_password',
      'staff.reset_two_factor',
    ]);
    // The command prints the password to whoever runs it; its row says so, and names the account.
    const [byCommand] = (await auditOf(ctx.api, 'staff', support.id)).filter(
      (a) => a.staff_id === null && a.action === 'staff.reset_password',
    );
    expect(byCommand!.after).toEqual({
      staff_email: support.email,
      must_change_password: true,
      sent_to: 'command line',
    });
  });
});
