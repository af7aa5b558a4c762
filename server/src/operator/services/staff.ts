import { randomInt } from 'node:crypto';
import { checkEmail, normalizeEmail, type Problems } from '#core/api/validation.ts';
import { hashPassword } from '../../http/auth.ts';
import type { Queryable } from '../../db/database.ts';
import { isUniqueViolation } from '../../db/database.ts';
import { audit } from './audit.ts';
import { isRole, ROLES, type Role } from '../permissions.ts';

export { ROLES };

/** "admin, support, … or marketing", for messages. */
export const ROLE_LIST = `${ROLES.slice(0, -1).join(', ')} or ${ROLES.at(-1)}`;

/** No look-alike characters (0/O, 1/l/I), so it can be read out or typed from a screen. */
const ALPHABET = 'abcdefghjkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** 20 characters, about 115 bits: works once, then the staff member must choose their own. */
export const oneTimePassword = () => Array.from({ length: 20 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');

export class StaffInputError extends Error {}

/** The email and role of an add-staff request, checked; throws StaffInputError with the reason. */
export function checkStaffInput(email: unknown, role: unknown): { email: string; role: Role } {
  const problems: Problems = {};
  checkEmail(problems, email);
  if (problems.email) throw new StaffInputError(`Not a valid email address: ${JSON.stringify(email)}`);
  if (!isRole(role)) throw new StaffInputError(`--role must be ${ROLE_LIST}, got ${JSON.stringify(role)}`);
  return { email: normalizeEmail(String(email)), role };
}

/**
 * Creates a staff account with a one-time password and audits it (by the add-staff command), in
 * the caller's transaction. Answers the password; only its hash is stored.
 */
export async function createStaff(
  tx: Queryable,
  input: { email: string; role: Role },
  now: Date,
): Promise<{ id: number; password: string }> {
  const password = oneTimePassword();
  const hash = await hashPassword(password);
  let id: number;
  try {
    const [row] = await tx.query<{ id: number }>(
      `INSERT INTO staff (email, role, password_hash, must_change_password, created_at)
        VALUES ($1, $2, $3, true, $4)
        RETURNING id`,
      [input.email, input.role, hash, now.toISOString()],
    );
    id = row!.id;
  } catch (error) {
    if (isUniqueViolation(error)) throw new StaffInputError(`A staff account for ${input.email} already exists`);
    throw error;
  }
  await audit(tx, {
    staffId: null,
    action: 'staff.create',
    targetType: 'staff',
    targetId: id,
    after: { email: input.email, role: input.role },
    at: now,
  });
  return { id, password };
}
