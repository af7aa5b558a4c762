import { randomBytes } from 'node:crypto';
import { checkEmail, normalizeEmail, type Problems } from '#core/api/validation.ts';
import type { Services } from '../../app-env.ts';
import { ConsoleRefusal } from '../../base/domain-errors.ts';
import type { Queryable } from '../../db/database.ts';
import { isUniqueViolation } from '../../db/database.ts';
import { hashPassword, hashToken } from '../../http/auth.ts';
import { queuedPasswordWork } from '../../services/password-queue.ts';
import { isRole, type Role } from '../permissions.ts';
import { newStaffPasswordProblems } from './staff-password-rules.ts';
import { audit } from './audit.ts';
import { startSession } from './session.ts';
import { INVITATION_HOURS, type OpenInvitation } from '../staff-invitation-model.ts';

/** An invitation refused: the email already has an account, or the link is used, revoked or expired. */
export class InvitationRefused extends ConsoleRefusal<'exists' | 'invalid' | 'bad_input'> {
  constructor(code: InvitationRefused['code']) {
    super(
      code === 'invalid' ? 'gone' : code === 'exists' ? 'conflict' : 'invalid',
      `invitations.refused_${code}`,
      code,
    );
  }
}

/** Invitations not yet accepted, revoked or expired, newest first. */
export const openInvitations = (db: Queryable, now: Date) =>
  db.query<OpenInvitation>(
    `SELECT i.id, i.email, i.role, s.email AS invited_by_email, i.expires_at
     FROM staff_invitations i JOIN staff s ON s.id = i.invited_by
     WHERE i.accepted_at IS NULL AND i.revoked_at IS NULL AND i.expires_at > $1
     ORDER BY i.id DESC`,
    [now.toISOString()],
  );

/**
 * An admin invites `email` as `role`: an earlier open invitation of that email stops working, the
 * new one works once for INVITATION_HOURS. Answers the token for the invitee's mail only; the
 * table keeps its SHA-256 and the audit row never sees it.
 */
export async function inviteStaff(
  services: Pick<Services, 'db' | 'clock'>,
  input: { email: string; role: string },
  adminId: number,
): Promise<{ email: string; role: Role; token: string; expiresAt: Date }> {
  const problems: Problems = {};
  checkEmail(problems, input.email);
  if (problems.email || !isRole(input.role)) throw new InvitationRefused('bad_input');
  const email = normalizeEmail(input.email);
  const role = input.role;
  const now = services.clock();
  const expiresAt = new Date(now.getTime() + INVITATION_HOURS * 3_600_000);
  const token = randomBytes(32).toString('hex');
  await services.db.transaction(async (tx) => {
    const [existing] = await tx.query('SELECT id FROM staff WHERE email = $1', [email]);
    if (existing) throw new InvitationRefused('exists');
    await tx.query(
      'UPDATE staff_invitations SET revoked_at = $2 WHERE email = $1 AND accepted_at IS NULL AND revoked_at IS NULL',
      [email, now.toISOString()],
    );
    const [row] = await tx.query<{ id: number }>(
      `INSERT INTO staff_invitations (email, role, token_hash, invited_by, created_at, expires_at)
       VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
      [email, role, hashToken(token), adminId, now.toISOString(), expiresAt.toISOString()],
    );
    await audit(tx, {
      staffId: adminId,
      action: 'staff.invite',
      targetType: 'staff_invitation',
      targetId: row!.id,
      after: { email, role, expires_at: expiresAt.toISOString() },
      at: now,
    });
  });
  return { email, role, token, expiresAt };
}

/** An admin withdraws an open invitation: its link stops working. Audited. */
export async function revokeInvitation(services: Pick<Services, 'db' | 'clock'>, id: number, adminId: number) {
  const now = services.clock();
  await services.db.transaction(async (tx) => {
    const [row] = await tx.query<{ email: string }>(
      `UPDATE staff_invitations SET revoked_at = $2
       WHERE id = $1 AND accepted_at IS NULL AND revoked_at IS NULL RETURNING email`,
      [id, now.toISOString()],
    );
    if (!row) throw new InvitationRefused('invalid');
    await audit(tx, {
      staffId: adminId,
      action: 'staff.invitation_revoke',
      targetType: 'staff_invitation',
      targetId: id,
      after: { email: row.email },
      at: now,
    });
  });
}

const validInvitation = (db: Queryable, tokenHash: string, now: Date) =>
  db.query<{ id: number; email: string; role: Role }>(
    `SELECT id, email, role FROM staff_invitations
     WHERE token_hash = $1 AND accepted_at IS NULL AND revoked_at IS NULL AND expires_at > $2`,
    [tokenHash, now.toISOString()],
  );

/**
 * The invitee's answer: the token of their link and the password they chose. A good one creates
 * their account (the invitation's email and role), uses the invitation up and starts a session at
 * the two-factor enrolment, all in one transaction, so the account works only once a second factor
 * is set up (the sign-in's own enrolment). Answers the session's cookie value, or the password's
 * problems (nothing changed).
 */
export async function acceptInvitation(
  services: Pick<Services, 'db' | 'clock' | 'config'> & Parameters<typeof queuedPasswordWork>[0],
  form: { token: string; password: string; confirm: string },
): Promise<{ session: string } | { problems: { field: string; message: string }[] }> {
  const tokenHash = /^[0-9a-f]{64}$/.test(form.token) ? hashToken(form.token) : '';
  const [invitation] = tokenHash ? await validInvitation(services.db, tokenHash, services.clock()) : [];
  if (!invitation) throw new InvitationRefused('invalid');
  const messages = newStaffPasswordProblems(form.password, form.confirm, invitation.email);
  if (messages.length) return { problems: messages };
  const hash = await queuedPasswordWork(services, () => hashPassword(form.password));
  const now = services.clock();
  const session = await services.db.transaction(async (tx) => {
    // The claim is one statement: of two answers at once, one uses the invitation, the other is refused.
    const [claimed] = await tx.query<{ id: number; email: string; role: Role; invited_by: number }>(
      `UPDATE staff_invitations SET accepted_at = $2
       WHERE token_hash = $1 AND accepted_at IS NULL AND revoked_at IS NULL AND expires_at > $2
       RETURNING id, email, role, invited_by`,
      [tokenHash, now.toISOString()],
    );
    if (!claimed) throw new InvitationRefused('invalid');
    let staffId: number;
    try {
      const [row] = await tx.query<{ id: number }>(
        `INSERT INTO staff (email, role, password_hash, must_change_password, created_at)
         VALUES ($1, $2, $3, false, $4) RETURNING id`,
        [claimed.email, claimed.role, hash, now.toISOString()],
      );
      staffId = row!.id;
    } catch (error) {
      if (isUniqueViolation(error)) throw new InvitationRefused('exists');
      throw error;
    }
    await tx.query('UPDATE staff_invitations SET staff_id = $2 WHERE id = $1', [claimed.id, staffId]);
    await audit(tx, {
      staffId,
      action: 'staff.invitation_accept',
      targetType: 'staff',
      targetId: staffId,
      after: { email: claimed.email, role: claimed.role, invitation: claimed.id, invited_by: claimed.invited_by },
      at: now,
    });
    return startSession(tx, staffId, 'enrol', now, services.config.operator.idleMinutes);
  });
  return { session };
}
