import type { Services } from '../../app-env.ts';
import type { Queryable } from '../../db/database.ts';
import { STAFF_TOTP, takeTotp } from '../../services/two-factor.ts';
import { audit } from './audit.ts';
import { advanceSession } from './session.ts';
import type { Stage } from '../operator-env.ts';

/**
 * The records behind staff sign-in (routes/sign-in.ts): the account by email, the first-sign-in
 * password change, the code step and signing out. Each change commits with its audit row; the
 * ones that move the session to a new stage answer the session's new cookie value.
 */

export interface StaffSignInRow {
  id: number;
  password_hash: string;
  must_change_password: boolean;
  disabled: boolean;
}

/** The staff account with this (normalised) email, disabled ones included. */
export async function staffByEmail(db: Queryable, email: string): Promise<StaffSignInRow | undefined> {
  const [staff] = await db.query<StaffSignInRow>(
    'SELECT id, password_hash, must_change_password, disabled_at IS NOT NULL AS disabled FROM staff WHERE email = $1',
    [email],
  );
  return staff;
}

/** The staff member's current password hash (the new one must differ from it). */
export async function staffPasswordHash(db: Queryable, staffId: number): Promise<string> {
  const [row] = await db.query<{ password_hash: string }>('SELECT password_hash FROM staff WHERE id = $1', [staffId]);
  return row!.password_hash;
}

/**
 * Replaces the one-time password with the staff member's own, audited, and moves the session to
 * `next` in the same transaction. Answers the session's new cookie value.
 */
export async function replaceOneTimePassword(
  services: Pick<Services, 'db' | 'clock'>,
  staffId: number,
  passwordHash: string,
  sessionHash: string,
  next: Stage,
): Promise<string> {
  return services.db.transaction(async (tx) => {
    await tx.query('UPDATE staff SET password_hash = $2, must_change_password = false WHERE id = $1', [
      staffId,
      passwordHash,
    ]);
    await audit(tx, {
      staffId,
      action: 'staff.password_change',
      targetType: 'staff',
      targetId: staffId,
      before: { must_change_password: true },
      after: { must_change_password: false },
      at: services.clock(),
    });
    return advanceSession(tx, sessionHash, next);
  });
}

/**
 * Takes a TOTP code of the set-up (`confirmed` false) or of the enrolled secret. A right one audits
 * `entry`, records the sign-in time and makes the session active, in one transaction, and answers
 * the session's new cookie value; a wrong one changes nothing and answers undefined.
 */
export async function takeStaffCode(
  services: Pick<Services, 'db' | 'clock' | 'privateKeys'>,
  staffId: number,
  sessionHash: string,
  code: string,
  confirmed: boolean,
  entry: { action: 'staff.two_factor_enrol' | 'staff.sign_in'; before?: object; after?: object },
): Promise<string | undefined> {
  return services.db.transaction(async (tx) => {
    if (!(await takeTotp({ ...services, db: tx }, staffId, code, confirmed, STAFF_TOTP))) return undefined;
    await audit(tx, { staffId, targetType: 'staff', targetId: staffId, at: services.clock(), ...entry } as Parameters<
      typeof audit
    >[1]);
    await tx.query('UPDATE staff SET last_sign_in_at = $2 WHERE id = $1', [staffId, services.clock().toISOString()]);
    return advanceSession(tx, sessionHash, 'active');
  });
}

/** Ends the console session; a signed-in (active) one's sign-out is audited in the same transaction. */
export async function endStaffSession(
  services: Pick<Services, 'db' | 'clock'>,
  staffId: number,
  sessionHash: string,
  wasActive: boolean,
): Promise<void> {
  await services.db.transaction(async (tx) => {
    await tx.query('DELETE FROM staff_sessions WHERE key_hash = $1', [sessionHash]);
    if (wasActive)
      await audit(tx, {
        staffId,
        action: 'staff.sign_out',
        targetType: 'staff',
        targetId: staffId,
        at: services.clock(),
      });
  });
}
