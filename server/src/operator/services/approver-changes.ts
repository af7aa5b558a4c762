import type { Queryable } from '../../db/database.ts';
import type { AuditAction } from './audit.ts';

/** The staff changes that could hand an account to the admin who made them: its credentials or its role. */
const HANDING_OVER: readonly AuditAction[] = ['staff.reset_password', 'staff.reset_two_factor', 'staff.set_role'];

/**
 * Whether staff member `actor` reset `target`'s password or two-factor, or changed their role,
 * at or after `since`. Read from the audit log: every such change commits with its row there, and
 * the table refuses changes. The command line's changes (no actor) never match: whoever runs it
 * owns the machine and its database anyway.
 */
export async function changedByStaff(tx: Queryable, target: number, actor: number, since: Date): Promise<boolean> {
  const rows = await tx.query(
    `SELECT 1 FROM staff_audit WHERE target_type = 'staff' AND target_id = $1 AND staff_id = $2
       AND action = ANY($3::text[]) AND created_at >= $4 LIMIT 1`,
    [String(target), actor, HANDING_OVER, since.toISOString()],
  );
  return rows.length > 0;
}
