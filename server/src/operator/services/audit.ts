import type { Services } from '../../app-env.ts';
import type { Queryable } from '../../db/database.ts';

export interface AuditEntry {
  /** The staff member; null for the add-staff command. */
  staffId: number | null;
  action: string;
  targetType: string;
  targetId: string | number;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
  at: Date;
}

/** Every audited action, for the audit log's filter. */
export const AUDIT_ACTIONS = [
  'staff.create',
  'staff.sign_in',
  'staff.sign_in_failed',
  'staff.code_failed',
  'staff.sign_out',
  'staff.password_change',
  'staff.two_factor_enrol',
  'withdrawal.approve',
  'withdrawal.reject',
  'withdrawal.refund',
  'verification.approve',
  'verification.reject',
  'note.add',
  'news.publish',
  'player.suspend',
  'player.reinstate',
  'player.close',
  'adjustment.request',
  'adjustment.apply',
  'adjustment.decline',
  'bonus.grant',
  'limit.set',
  'time_out.apply',
  'interaction.record',
  'sessions.end',
  'two_factor.remove',
  'email.change_request',
  'email.change',
  'player.view',
  'document.view',
  'withdrawal.bulk_approve',
  'news.edit',
  'news.unpublish',
  'news.schedule',
  'staff.disable',
  'staff.enable',
  'staff.set_role',
  'staff.reset_password',
  'staff.reset_two_factor',
  'risk_alert.assign',
  'risk_alert.note',
  'risk_alert.resolve',
  'risk_alert.reopen',
  'risk_alert.interaction',
  'source_of_funds.request',
  'source_of_funds.review',
  'provider.add',
  'provider.refresh',
  'provider.enable',
  'provider.disable',
  'provider.rotate_secret',
  'provider.retire_secret',
  'game.enable',
  'game.disable',
  'payment.chargeback',
  'payment.refund',
  'withdrawals.release',
  'round.void',
  'offer.create',
  'ledger.export',
  'staff.invite',
  'staff.invitation_revoke',
  'staff.invitation_accept',
  'race.create',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/**
 * Writes one audit row. Call it with the transaction that makes the change, so the change and its
 * record commit together or not at all.
 */
export async function audit(tx: Queryable, entry: AuditEntry & { action: AuditAction }): Promise<void> {
  await tx.query(
    `INSERT INTO staff_audit (staff_id, action, target_type, target_id, before, after, created_at)
     VALUES ($1, $2, $3, $4, $5::jsonb, $6::jsonb, $7)`,
    [
      entry.staffId,
      entry.action,
      entry.targetType,
      String(entry.targetId),
      entry.before ? JSON.stringify(entry.before) : null,
      entry.after ? JSON.stringify(entry.after) : null,
      entry.at.toISOString(),
    ],
  );
}

/**
 * Audits staff looking at a player's private data (an identity document, a history export) once it
 * was found, and answers it: a miss shows nothing, so it is no view and leaves no row.
 */
export async function auditedView<Data>(
  services: Pick<Services, 'db' | 'clock'>,
  view: Omit<AuditEntry, 'at'> & { action: AuditAction },
  found: Data | undefined,
): Promise<Data | undefined> {
  if (!found) return undefined;
  await audit(services.db, { ...view, at: services.clock() });
  return found;
}
