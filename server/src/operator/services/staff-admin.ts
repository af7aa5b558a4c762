import { hashPassword } from '../../http/auth.ts';
import type { Database, Queryable } from '../../db/database.ts';
import { ConsoleRefusal } from '../../base/domain-errors.ts';
import { audit, type AuditAction, type AuditEntry } from './audit.ts';
import type { Role } from '../operator-env.ts';
import { createStaff, oneTimePassword } from './staff.ts';

/**
 * Why a staff change was refused: `last_admin` (it would leave no active admin; conflict),
 * `not_found`. The console shows `staff.refused_<code>`; the command line prints the message.
 */
export class StaffChangeRefused extends ConsoleRefusal<'last_admin' | 'not_found'> {
  constructor(code: StaffChangeRefused['code']) {
    super(code === 'not_found' ? 'not_found' : 'conflict', `staff.refused_${code}`, code);
    this.message =
      code === 'last_admin'
        ? 'This is the last active admin: another active admin must exist first.'
        : 'No such staff account.';
  }
}

export interface StaffListRow {
  id: number;
  email: string;
  role: Role;
  created_at: Date | string;
  last_sign_in_at: Date | string | null;
  disabled_at: Date | string | null;
  must_change_password: boolean;
  two_factor: boolean;
}

export const listStaff = (db: Queryable) =>
  db.query<StaffListRow>(
    `SELECT s.id, s.email, s.role, s.created_at, s.last_sign_in_at, s.disabled_at, s.must_change_password,
            EXISTS (SELECT 1 FROM staff_two_factor t WHERE t.staff_id = s.id AND t.confirmed_at IS NOT NULL) AS
            two_factor
     FROM staff s ORDER BY s.disabled_at IS NOT NULL, s.role, s.email`,
  );

export const staffIdByEmail = async (db: Queryable, email: string) =>
  (await db.query<{ id: number }>('SELECT id FROM staff WHERE email = $1', [email]))[0]?.id;

/**
 * Locks the staff row and, when the change would take an active admin away, every active admin
 * row too (FOR UPDATE, in id order): two admins disabling each other at once are serialised, and
 * the second sees that only one is left.
 */
async function lockTarget(
  tx: Queryable,
  id: number,
  takesAdminAway: (row: { role: Role; disabled: boolean }) => boolean,
) {
  const admins = await tx.query<{ id: number }>(
    "SELECT id FROM staff WHERE role = 'admin' AND disabled_at IS NULL ORDER BY id FOR UPDATE",
  );
  const [row] = await tx.query<{ email: string; role: Role; disabled: boolean }>(
    'SELECT email, role, disabled_at IS NOT NULL AS disabled FROM staff WHERE id = $1 FOR UPDATE',
    [id],
  );
  if (!row) throw new StaffChangeRefused('not_found');
  if (takesAdminAway(row) && !(row.role === 'admin' && !row.disabled && admins.length > 1))
    throw new StaffChangeRefused('last_admin');
  return row;
}

/** The audit row of a change to staff account `id` by `actor` (null: the command line). */
const auditStaffChange = (
  tx: Queryable,
  target: { id: number; actor: number | null; now: Date },
  change: Pick<AuditEntry, 'before' | 'after'> & { action: AuditAction },
) => audit(tx, { staffId: target.actor, targetType: 'staff', targetId: target.id, at: target.now, ...change });

/**
 * `actor` is the staff member acting in the console, or null for `npm run operator`. Each runs in the caller's
 * transaction.
 */
export async function setDisabled(tx: Queryable, id: number, disabled: boolean, actor: number | null, now: Date) {
  const row = await lockTarget(tx, id, (target) => disabled && target.role === 'admin' && !target.disabled);
  if (row.disabled === disabled) return row;
  await tx.query('UPDATE staff SET disabled_at = $2 WHERE id = $1', [id, disabled ? now.toISOString() : null]);
  if (disabled) await tx.query('DELETE FROM staff_sessions WHERE staff_id = $1', [id]);
  await auditStaffChange(
    tx,
    { id, actor, now },
    { action: disabled ? 'staff.disable' : 'staff.enable', before: { disabled: row.disabled }, after: { disabled } },
  );
  return row;
}

export async function setRole(tx: Queryable, id: number, role: Role, actor: number | null, now: Date) {
  const row = await lockTarget(tx, id, (target) => role !== 'admin' && target.role === 'admin' && !target.disabled);
  if (row.role === role) return row;
  await tx.query('UPDATE staff SET role = $2 WHERE id = $1', [id, role]);
  await auditStaffChange(
    tx,
    { id, actor, now },
    { action: 'staff.set_role', before: { role: row.role }, after: { role, staff_email: row.email } },
  );
  return row;
}

/**
 * A new one-time password (the next sign-in must change it) and, with `twoFactor`, no second factor
 * (the next sign-in enrols one again). Every session of the account ends. Answers the password
 * and the account's email; only the password's hash is kept. In the console the password goes to
 * that email only, never to the admin who reset it (the audit row names both and says so); the
 * command line prints it to whoever runs it.
 */
export async function resetCredentials(
  tx: Queryable,
  id: number,
  what: { password: boolean; twoFactor: boolean },
  actor: number | null,
  now: Date,
) {
  const { email } = await lockTarget(tx, id, () => false);
  let password: string | undefined;
  if (what.password) {
    password = oneTimePassword();
    await tx.query('UPDATE staff SET password_hash = $2, must_change_password = true WHERE id = $1', [
      id,
      await hashPassword(password),
    ]);
    const sentTo = actor === null ? 'command line' : 'mail';
    await auditStaffChange(
      tx,
      { id, actor, now },
      { action: 'staff.reset_password', after: { staff_email: email, must_change_password: true, sent_to: sentTo } },
    );
  }
  if (what.twoFactor) {
    await tx.query('DELETE FROM staff_two_factor WHERE staff_id = $1', [id]);
    await auditStaffChange(
      tx,
      { id, actor, now },
      {
        action: 'staff.reset_two_factor',
        before: { two_factor: true },
        after: { staff_email: email, two_factor: false },
      },
    );
  }
  await tx.query('DELETE FROM staff_sessions WHERE staff_id = $1', [id]);
  return { password, email };
}

/**
 * The console's staff changes (admins on `/operator/staff`), each in one transaction with its audit
 * rows. A refusal (the last active admin, an unknown account) throws StaffChangeRefused.
 */
export const disableOrEnableStaff = (db: Database, id: number, disabled: boolean, actor: number, now: () => Date) =>
  db.transaction((tx) => setDisabled(tx, id, disabled, actor, now()));

export const changeStaffRole = (db: Database, id: number, role: Role, actor: number, now: () => Date) =>
  db.transaction((tx) => setRole(tx, id, role, actor, now()));

/**
 * Resets the password or the second factor; answers the one-time password (for the staff member's
 * mail, never for the page) and the account's email.
 */
export const resetStaffCredentials = (
  db: Database,
  id: number,
  what: { password: boolean; twoFactor: boolean },
  actor: number,
  now: () => Date,
) => db.transaction((tx) => resetCredentials(tx, id, what, actor, now()));

/** Adds a staff account (the add-staff command), audited, in one transaction; answers its id and one-time password. */
export const addStaffAccount = (db: Database, input: { email: string; role: Role }, now: () => Date) =>
  db.transaction((tx) => createStaff(tx, input, now()));

/** A staff command of `npm run operator` (disable, enable, set-role, reset), by email. */
export interface StaffCommand {
  action: 'disable' | 'enable' | 'set-role' | 'reset';
  email: string;
  role?: Role;
  /** `reset --two-factor`: the second factor too. */
  twoFactor?: boolean;
}
export const STAFF_COMMANDS: readonly StaffCommand['action'][] = ['disable', 'enable', 'set-role', 'reset'];

/**
 * Runs a staff command as the CLI (actor null in the audit log); answers what to print, and a one-time password for
 * reset.
 */
export async function runStaffCommand(
  tx: Queryable,
  command: StaffCommand,
  now: Date,
): Promise<{ message: string; password?: string }> {
  const id = await staffIdByEmail(tx, command.email);
  if (id === undefined) throw new StaffChangeRefused('not_found');
  switch (command.action) {
    case 'disable':
    case 'enable':
      await setDisabled(tx, id, command.action === 'disable', null, now);
      return { message: `${command.email} is ${command.action}d.` };
    case 'set-role':
      await setRole(tx, id, command.role!, null, now);
      return { message: `${command.email} is now ${command.role}.` };
    case 'reset': {
      const { password } = await resetCredentials(
        tx,
        id,
        { password: true, twoFactor: !!command.twoFactor },
        null,
        now,
      );
      return {
        message:
          `${command.email}: new one-time ` +
          `password${command.twoFactor ? ', two-factor removed (set up again at the next sign-in)' : ''}; ` +
          `every session ended.`,
        password,
      };
    }
  }
}

/** Runs a staff command of `npm run operator` in one transaction. */
export const runStaffCommandNow = (db: Database, command: StaffCommand, now: () => Date) =>
  db.transaction((tx) => runStaffCommand(tx, command, now()));
