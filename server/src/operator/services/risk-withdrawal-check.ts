import { ConsoleRefusal } from '../../base/domain-errors.ts';
import type { Queryable } from '../../db/database.ts';

/** Approving a withdrawal of a player with an open high risk alert, without a reason. */
export class RiskReasonNeeded extends ConsoleRefusal<'risk_reason'> {
  constructor() {
    super('invalid', 'risk.reason_needed', 'risk_reason');
  }
}

/**
 * Refuses (RiskReasonNeeded) to approve withdrawal `id` without a reason while its player has an
 * unresolved high alert: the reason is then audited with the approval (docs/risk.md).
 */
export async function requireRiskReason(tx: Queryable, id: number, reason: string | undefined): Promise<void> {
  if (reason) return;
  const [row] = await tx.query<{ high: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM transactions t JOIN risk_alerts a ON a.user_id = t.user_id
       WHERE t.id = $1 AND a.state <> 'resolved' AND a.severity = 'high') AS high`,
    [id],
  );
  if (row!.high) throw new RiskReasonNeeded();
}
