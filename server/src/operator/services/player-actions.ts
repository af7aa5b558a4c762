import type { RgPeriod, TimeOutPeriod } from '#core/api/contract.ts';
import { formatMoney } from '#core/i18n/money-format.ts';
import type { Services } from '../../app-env.ts';
import type { Queryable } from '../../db/database.ts';
import { NotFound } from '../../base/domain-errors.ts';
import type { ClosePayout } from '../../services/account.ts';
import {
  ActionRefused,
  applyTimeOut,
  closeAtPlayersRequest,
  applyStaffEmailChange,
  decideAdjustment,
  endAllSessions,
  lockAdjustment,
  lockPlayerRecord,
  lowerLimit,
  recordInteraction,
  reinstateAccount,
  removeTwoFactor,
  requestAdjustment,
  requestEmailChange,
  suspendAccount,
  type AdjustmentReason,
  type EmailChange,
  type InteractionKind,
  type PlayerRecord,
} from '../../services/account-admin.ts';
import { grantBonus } from '../../services/bonus.ts';
import { markSourceOfFundsReviewed, openSourceOfFundsRequest } from '../../services/source-of-funds.ts';
import { notify } from '../../services/history.ts';
import { settleRoundsThen } from '../../services/open-rounds.ts';
import type { LimitKind } from '../../services/rg/limits.ts';
import { changedByStaff } from './approver-changes.ts';
import { audit, type AuditAction } from './audit.ts';

/**
 * The transactions behind staff's actions on a player: each change commits with its
 * audit row (before → after) and the player's notification, or not at all. The routes in
 * routes/player-actions.ts parse the forms, call these, and send mail after the commit.
 */

/**
 * Actions that still apply once an account is closed (closing itself answers its own refusal); a
 * chargeback is the bank's decision, so it is recorded whatever the account's state.
 */
const ON_CLOSED_ACCOUNTS = new Set<AuditAction>(['player.close', 'interaction.record', 'payment.chargeback']);

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
    const player = await lockPlayerRecord(tx, id);
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

/** What each staff action below needs: the database, the clock, and the settings it applies. */
type ActionServices = Pick<Services, 'db' | 'clock' | 'config' | 'privateKeys'>;

/** Suspends the account (refused when it already is); the player is told, with support's address. */
export const suspendPlayer = (services: ActionServices, staffId: number, id: number, reason: string) =>
  settleRoundsThen(services, id, (sessionsEnded) =>
    actOnPlayer(services, staffId, id, 'player.suspend', async (tx, player, now) => {
      const change = await suspendAccount(tx, player, reason, now, sessionsEnded);
      await notify(tx, now, player.id, 'staff_suspended', { email: services.config.mail.supportEmail });
      return change;
    }),
  );

/** Lifts a suspension (refused when there is none); the reason goes to the audit row. */
export const reinstatePlayer = (services: ActionServices, staffId: number, id: number, reason: string) =>
  actOnPlayer(services, staffId, id, 'player.reinstate', async (tx, player, now) => {
    const change = await reinstateAccount(tx, player);
    await notify(tx, now, player.id, 'staff_reinstated');
    return { before: change.before, after: { ...change.after, reason } };
  });

/**
 * Closes the account at the player's request, through the player's own closure and its payout
 * rule: refused (nothing changed) when a balance must be paid out to a player who is not
 * verified, or when no payout was given for it.
 */
export const closePlayerAccount = (
  services: ActionServices,
  staffId: number,
  id: number,
  reason: string,
  payout: ClosePayout | undefined,
) =>
  settleRoundsThen(services, id, () =>
    actOnPlayer(services, staffId, id, 'player.close', async (tx, player, now) => {
      const change = await closeAtPlayersRequest(tx, player, reason, payout, now);
      if (!change.outcome.closed) {
        const balance = formatMoney(change.outcome.balance, player.currency, 'en');
        throw new ActionRefused(change.outcome.reason === 'unverified' ? 'close_unverified' : 'close_payout_needed', {
          balance,
        });
      }
      return change;
    }),
  );

/**
 * A balance adjustment (`amount` signed: "-20.00" debits): applied at once with the player's
 * notification, or left for a second admin when it takes this admin's credits (or debits) to the
 * player over 24 hours above ADJUSTMENT_SECOND_APPROVAL; a repeated form (same token) changes
 * nothing and its audit row says so.
 */
export const adjustPlayerBalance = (
  services: ActionServices,
  staffId: number,
  id: number,
  input: { amount: string; reason: AdjustmentReason; note: string; token: string },
) =>
  actOnPlayer(services, staffId, id, 'adjustment.request', async (tx, player, now) => {
    const { amount, reason, note, token } = input;
    const threshold = services.config.operator.adjustmentSecondApproval;
    const outcome = await requestAdjustment(tx, player, { amount, reason, note, token, staffId, threshold, now });
    if (outcome.outcome === 'applied')
      await notify(tx, now, player.id, 'staff_adjusted', { amount, currency: player.currency });
    return {
      ...outcome,
      // A repeat changes nothing: its row says so.
      before: outcome.outcome === 'applied' ? { balance: outcome.before } : null,
      after: {
        adjustment_id: outcome.adjustment.id,
        amount,
        reason,
        note,
        outcome: outcome.outcome,
        ...(outcome.windowTotal ? { window_total: outcome.windowTotal } : {}),
        ...(outcome.balance ? { balance: outcome.balance } : {}),
      },
    };
  });

/** A bonus with its wagering multiplier; refused while one is active or for a self-excluded player. */
export const grantPlayerBonus = (
  services: ActionServices,
  staffId: number,
  id: number,
  input: { amount: string; multiplier: number; reason: string },
) =>
  actOnPlayer(services, staffId, id, 'bonus.grant', async (tx, player, now) => {
    const { amount, multiplier, reason } = input;
    // The licensed market caps the wagering multiple of every bonus (docs/markets.md: 10× in GB).
    const { code, rules } = services.config.market.profile;
    const cap = rules.bonusWagering.maxMultiple;
    if (cap !== null && multiplier > cap) throw new ActionRefused('wagering_above_market_cap', { market: code, cap });
    const granted = await grantBonus(tx, player.id, amount, multiplier, player.currency, now);
    if (granted === 'active') throw new ActionRefused('bonus_active');
    if (granted === 'excluded') throw new ActionRefused('self_excluded');
    await notify(tx, now, player.id, 'staff_bonus', {
      amount,
      currency: player.currency,
      multiplier: String(multiplier),
    });
    return {
      before: { bonus_balance: player.bonus_balance },
      after: { bonus_balance: amount, multiplier, reason },
    };
  });

/** A first or lower deposit or loss limit, at once; never a higher one. */
export const lowerPlayerLimit = (
  services: ActionServices,
  staffId: number,
  id: number,
  input: { kind: LimitKind; period: RgPeriod; amount: string; reason: string },
) =>
  actOnPlayer(services, staffId, id, 'limit.set', async (tx, player, now) => {
    const { kind, period, amount, reason } = input;
    const change = await lowerLimit(tx, player.id, kind, period, amount, now, services.config.rg.coolingOffHours);
    await notify(tx, now, player.id, 'staff_limit');
    return { before: change.before, after: { ...change.after, reason } };
  });

/** A time-out on the player's behalf (it only lengthens a block in force); answers its end. */
export const timeOutPlayer = (
  services: ActionServices,
  staffId: number,
  id: number,
  period: TimeOutPeriod,
  reason: string,
) =>
  settleRoundsThen(services, id, () =>
    actOnPlayer(services, staffId, id, 'time_out.apply', async (tx, player, now) => {
      const change = await applyTimeOut(tx, player, period, now);
      await notify(tx, now, player.id, 'staff_time_out');
      return { until: change.until, before: change.before, after: { ...change.after, reason } };
    }),
  );

/** A note of a conversation with the player (support may too; also on a closed account). */
export const recordPlayerInteraction = (
  services: ActionServices,
  staffId: number,
  id: number,
  kind: InteractionKind,
  note: string,
) =>
  actOnPlayer(services, staffId, id, 'interaction.record', async (tx, player, now) => {
    const interaction = await recordInteraction(tx, player.id, staffId, kind, note, now);
    return { before: null, after: { interaction_id: interaction, kind, note } };
  });

/** Asks the player for their source of funds (refused while a request is outstanding); the player is told. */
export const requestPlayerSourceOfFunds = (services: ActionServices, staffId: number, id: number) =>
  actOnPlayer(services, staffId, id, 'source_of_funds.request', async (tx, player, now) => {
    const request = await openSourceOfFundsRequest(tx, player.id, staffId, now);
    if (!request) throw new ActionRefused('sof_outstanding');
    await notify(tx, now, player.id, 'staff_sof_requested', {
      amount: services.config.risk.sofWithdrawalThreshold,
      currency: player.currency,
      email: services.config.mail.supportEmail,
    });
    return { before: null, after: { request_id: request, state: 'requested' } };
  });

/** Marks the outstanding source-of-funds request reviewed (refused when none is), lifting the withdrawal wait. */
export const reviewPlayerSourceOfFunds = (services: ActionServices, staffId: number, id: number, note: string) =>
  actOnPlayer(services, staffId, id, 'source_of_funds.review', async (tx, player, now) => {
    const request = await markSourceOfFundsReviewed(tx, player.id, staffId, now);
    if (!request) throw new ActionRefused('sof_none');
    return { before: { state: 'requested' }, after: { request_id: request, state: 'reviewed', note } };
  });

/** Ends every sign-in and game session of the player. */
export const endPlayerSessions = (services: ActionServices, staffId: number, id: number, reason: string) =>
  actOnPlayer(services, staffId, id, 'sessions.end', async (tx, player, now) => {
    const ended = await endAllSessions(tx, player.id, now);
    return {
      before: { tokens: ended.tokens, game_sessions: ended.games },
      after: { tokens: 0, game_sessions: 0, reason },
    };
  });

/** Turns the player's two-factor sign-in off (refused when it is off); the player is told. */
export const removePlayerTwoFactor = (services: ActionServices, staffId: number, id: number, reason: string) =>
  actOnPlayer(services, staffId, id, 'two_factor.remove', async (tx, player, now) => {
    const change = await removeTwoFactor(tx, player.id);
    await notify(tx, now, player.id, 'staff_two_factor_removed');
    return { before: change.before, after: { ...change.after, reason } };
  });

/** Starts a change of the player's email address, which the player confirms; answers the link's token. */
export const requestPlayerEmailChange = (
  services: ActionServices,
  staffId: number,
  id: number,
  email: string,
  reason: string,
) =>
  actOnPlayer(services, staffId, id, 'email.change_request', async (tx, player, now) => {
    const token = await requestEmailChange(tx, player, email, staffId, now);
    return { token, before: { email: player.email }, after: { pending_email: email, reason } };
  });

/**
 * A second admin approves or declines a pending balance adjustment: applied (with the player's
 * notification) or declined, with its audit row, in one transaction. NotFound for an unknown one.
 * An admin whose password, two-factor or role the requester changed within
 * ADJUSTMENT_APPROVER_CHANGE_DAYS may not approve it (the requester could be holding that account);
 * it stays waiting for another admin.
 */
export async function decidePendingAdjustment(
  services: Pick<Services, 'db' | 'clock' | 'config'>,
  staffId: number,
  adjustmentId: number,
  approve: boolean,
) {
  const now = services.clock();
  const days = services.config.operator.approverChangeDays;
  return services.db.transaction(async (tx) => {
    const adjustment = await lockAdjustment(tx, adjustmentId);
    if (!adjustment) throw new NotFound('errors.not_found');
    const player = (await lockPlayerRecord(tx, adjustment.user_id))!;
    if (approve && player.closed_at) throw new ActionRefused('already_closed');
    if (
      approve &&
      adjustment.status === 'pending' &&
      adjustment.requested_by !== staffId &&
      (await changedByStaff(tx, staffId, adjustment.requested_by, new Date(now.getTime() - days * 86_400_000)))
    )
      throw new ActionRefused('approver_changed', { days });
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
    const done = await applyStaffEmailChange(tx, token, now);
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
