import type { Services } from '../app-env.ts';
import type { Queryable } from '../db/database.ts';
import { NotFound } from '../domain-errors.ts';
import {
  ActionRefused,
  confirmEmailChange,
  decideAdjustment,
  lockAdjustment,
  lockPlayer,
  type EmailChange,
  type PlayerRecord,
} from '../services/account-admin.ts';
import { notify } from '../services/history.ts';
import { audit, type AuditAction } from './audit.ts';

/**
 * The transactions behind staff's actions on a player: each change commits with its
 * audit row (before → after) and the player's notification, or not at all. The routes in
 * routes/player-actions.ts parse the forms, call these, and send mail after the commit.
 */

/** Actions that still apply once an account is closed (closing itself answers its own refusal). */
const ON_CLOSED_ACCOUNTS = new Set<AuditAction>(['player.close', 'interaction.record']);

/** A staff action's change, run inside actOnPlayer's transaction on the locked player. */
export type PlayerActionWork<T> = (tx: Queryable, player: PlayerRecord, now: Date) => Promise<T>;

/**
 * Runs `work` on the locked player in one transaction with the audit row it answers; NotFound when
 * there is no such player. Answers the player, what `work` answered, and the time it ran at.
 */
export async function actOnPlayer<
  T extends { before: Record<string, unknown> | null; after: Record<string, unknown> | null },
>(
  services: Pick<Services, 'db' | 'clock'>,
  staffId: number,
  id: number,
  action: AuditAction,
  work: PlayerActionWork<T>,
) {
  const now = services.clock();
  return services.db.transaction(async (tx) => {
    const player = await lockPlayer(tx, id);
    if (!player) throw new NotFound('errors.not_found');
    // A closed account keeps its records; staff may still note an interaction, nothing else changes it.
    if (player.closed_at && !ON_CLOSED_ACCOUNTS.has(action)) throw new ActionRefused('already_closed');
    const result = await work(tx, player, now);
    await audit(tx, {
      staffId,
      action,
      targetType: 'player',
      targetId: id,
      before: result.before,
      after: result.after,
      at: now,
    });
    return { player, result, now };
  });
}

/**
 * A second admin approves or declines a pending balance adjustment: applied (with the player's
 * notification) or declined, with its audit row, in one transaction. NotFound for an unknown one.
 */
export async function decidePendingAdjustment(
  services: Pick<Services, 'db' | 'clock'>,
  staffId: number,
  adjustmentId: number,
  approve: boolean,
) {
  const now = services.clock();
  return services.db.transaction(async (tx) => {
    const adjustment = await lockAdjustment(tx, adjustmentId);
    if (!adjustment) throw new NotFound('errors.not_found');
    const player = (await lockPlayer(tx, adjustment.user_id))!;
    if (approve && player.closed_at) throw new ActionRefused('already_closed');
    const applied = await decideAdjustment(tx, adjustment, player, staffId, approve, now);
    if (applied)
      await notify(tx, now, player.id, 'staff_adjusted', { amount: adjustment.amount, currency: player.currency });
    await audit(tx, {
      staffId,
      action: applied ? 'adjustment.apply' : 'adjustment.decline',
      targetType: 'player',
      targetId: player.id,
      before: { adjustment_id: adjustmentId, status: 'pending', ...(applied ? { balance: applied.before } : {}) },
      after: {
        adjustment_id: adjustmentId,
        status: applied ? 'applied' : 'declined',
        amount: adjustment.amount,
        requested_by: adjustment.requested_by,
        ...(applied ? { balance: applied.balance } : {}),
      },
      at: now,
    });
    return { player, adjustment, applied };
  });
}

/**
 * The player opened staff's "Change email" link and pressed the button: the address changes once,
 * audited as the requesting staff member's change confirmed by the player. Undefined when the link
 * is no longer live or the address was taken since.
 */
export async function confirmStaffEmailChange(
  services: Pick<Services, 'db'>,
  token: string,
  now: Date,
): Promise<EmailChange | undefined> {
  return services.db.transaction(async (tx) => {
    const done = await confirmEmailChange(tx, token, now);
    if (done) {
      await audit(tx, {
        staffId: done.staff_id,
        action: 'email.change',
        targetType: 'player',
        targetId: done.user_id,
        before: { email: done.old_email },
        after: { email: done.new_email, confirmed_by: 'player' },
        at: now,
      });
    }
    return done;
  });
}
