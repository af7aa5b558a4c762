import { randomBytes } from 'node:crypto';
import { fromCents, signedToCents, toCents } from '#core/api/money.ts';
import { formatMoney } from '#core/i18n/money-format.ts';
import { hashToken } from '../http/auth.ts';
import type { RgPeriod, TimeOutPeriod } from '#core/api/contract.ts';
import type { Queryable } from '../db/database.ts';
import { ConsoleRefusal } from '../base/domain-errors.ts';
import type { Locale } from '../base/i18n.ts';
import { closeAccountIn, type ClosePayout } from './account.ts';
import { endGameSessions } from './open-rounds.ts';
import { addTransaction } from './history.ts';
import { credit, debit, recordDebit } from './ledger.ts';
import { effectiveLimits, changeLimit, type LimitKind } from './rg/limits.ts';
import { startTimeOut } from './rg/exclusion.ts';
import { turnOff, twoFactorState } from './two-factor.ts';
import { knownTimeZone } from './users.ts';
import { isVerified } from './verifications.ts';

/**
 * What staff may do to a player's account and money. Each function works in the
 * caller's transaction, so the operator console writes its audit row in the same one; each
 * answers the state before and after for that row. A refusal throws `ActionRefused`.
 */

/** A refusal the console shows as "not possible" (409) with the message `actions.refused_<code>`. */
export class ActionRefused extends ConsoleRefusal {
  constructor(code: string, params?: Record<string, string | number>) {
    super('conflict', `actions.refused_${code}`, code, params);
  }
}

export interface PlayerRecord {
  id: number;
  email: string;
  username: string;
  locale: Locale;
  currency: string;
  balance: string;
  bonus_balance: string;
  suspended_at: Date | string | null;
  self_excluded_until: Date | string | null;
  time_out_until: Date | string | null;
  closed_at: Date | string | null;
  /** IANA name for dates in mails; absent: UTC. */
  time_zone?: string;
}

/** The player, locked for the rest of the transaction; undefined when there is none. */
export async function lockPlayerRecord(tx: Queryable, id: number): Promise<PlayerRecord | undefined> {
  const [row] = await tx.query<PlayerRecord>(
    `SELECT id, email, username, locale, currency, balance::text, bonus_balance::text, suspended_at,
      self_excluded_until, time_out_until,
            closed_at, time_zone
     FROM users WHERE id = $1 FOR UPDATE`,
    [id],
  );
  if (!row) return undefined;
  const { time_zone, ...rest } = row as Omit<PlayerRecord, 'time_zone'> & { time_zone: string | null };
  const zone = knownTimeZone(time_zone);
  return { ...rest, ...(zone ? { time_zone: zone } : {}) };
}

/** Signs the player out everywhere: every API token goes, and every real-money game session ends now. */
export async function endAllSessions(
  tx: Queryable,
  userId: number,
  now: Date,
): Promise<{ tokens: number; games: number }> {
  const tokens = await tx.query('DELETE FROM auth_tokens WHERE user_id = $1 RETURNING 1', [userId]);
  return { tokens: tokens.length, games: await endGameSessions(tx, userId, now) };
}

/**
 * Suspends an active account and ends its sessions (`sessionsEnded` of them already ended while its
 * open rounds were settled). Pending withdrawals stay as they are.
 */
export async function suspendAccount(
  tx: Queryable,
  player: PlayerRecord,
  reason: string,
  now: Date,
  sessionsEnded = 0,
) {
  if (player.suspended_at) throw new ActionRefused('already_suspended');
  await tx.query('UPDATE users SET suspended_at = $2, suspended_reason = $3 WHERE id = $1', [
    player.id,
    now.toISOString(),
    reason,
  ]);
  const ended = await endAllSessions(tx, player.id, now);
  return {
    before: { suspended: false },
    after: { suspended: true, reason, tokens_ended: ended.tokens, game_sessions_ended: ended.games + sessionsEnded },
  };
}

export async function reinstateAccount(tx: Queryable, player: PlayerRecord) {
  if (!player.suspended_at) throw new ActionRefused('not_suspended');
  const [row] = await tx.query<{ reason: string | null }>(
    'SELECT suspended_reason AS reason FROM users WHERE id = $1',
    [player.id],
  );
  await tx.query('UPDATE users SET suspended_at = NULL, suspended_reason = NULL WHERE id = $1', [player.id]);
  return { before: { suspended: true, reason: row?.reason ?? null }, after: { suspended: false } };
}

/**
 * Closes the account at the player's request, through the player's own closure
 * (`closeAccountIn`, docs/account.md): the same payout rule (a cash balance above zero
 * becomes one pending withdrawal to `payout`, and only for a verified player), the same ended
 * tokens, sessions and sign-in. Answers the closure's outcome; a refusal (`closed: false`)
 * changed nothing. An account already closed is refused (`already_closed`).
 */
export async function closeAtPlayersRequest(
  tx: Queryable,
  player: PlayerRecord,
  reason: string,
  payout: ClosePayout | undefined,
  now: Date,
) {
  if (player.closed_at) throw new ActionRefused('already_closed');
  const outcome = await closeAccountIn(tx, now, player.id, reason, payout, await isVerified(tx, player.id));
  if (!outcome.closed) return { outcome, before: null, after: null };
  return {
    outcome,
    before: { closed: false, balance: player.balance, bonus_balance: player.bonus_balance },
    after: {
      closed: true,
      reason,
      balance: '0.00',
      bonus_balance: '0.00',
      ...(outcome.payout
        ? {
            payout_withdrawal_id: outcome.payout.id,
            payout_amount: outcome.payout.amount,
            payout_method: payout!.method,
          }
        : {}),
    },
  };
}

export const ADJUSTMENT_REASONS = ['goodwill', 'correction', 'chargeback', 'other'] as const;
export type AdjustmentReason = (typeof ADJUSTMENT_REASONS)[number];

export interface Adjustment {
  id: number;
  user_id: number;
  amount: string;
  reason: AdjustmentReason;
  note: string;
  token: string;
  status: 'pending' | 'applied' | 'declined';
  requested_by: number;
}

const ADJUSTMENT_COLUMNS = 'id, user_id, amount::text, reason, note, token, status, requested_by';

/** The rolling window over which one admin's adjustments to one player add up against the threshold. */
export const ADJUSTMENT_WINDOW_HOURS = 24;

/**
 * What `staffId` credited (or, for a negative `amount`, debited) the player over the last
 * ADJUSTMENT_WINDOW_HOURS, applied or still waiting, this adjustment included: credits and debits
 * add up apart, each by its size. Declined ones moved no money and do not count. The caller holds
 * the player's row lock, so parallel requests by one admin are counted one after the other.
 */
async function windowTotal(tx: Queryable, player: PlayerRecord, staffId: number, amount: string, now: Date) {
  const since = new Date(now.getTime() - ADJUSTMENT_WINDOW_HOURS * 3_600_000);
  const [row] = await tx.query<{ total: string }>(
    `SELECT COALESCE(sum(abs(amount)), 0)::text AS total FROM balance_adjustments
     WHERE user_id = $1 AND requested_by = $2 AND status <> 'declined' AND requested_at > $3
       AND sign(amount) = sign($4::numeric)`,
    [player.id, staffId, since.toISOString(), amount],
  );
  return fromCents(toCents(row!.total)!);
}

/**
 * Records an adjustment of the player's cash (`amount` signed: "-20.00" debits) and applies it
 * through the ledger, unless it takes what this admin credited (or debited) the player over the
 * last ADJUSTMENT_WINDOW_HOURS above `threshold`: then it waits for a second admin, so splitting
 * a large credit into small ones passes no four eyes. The form's `token` makes a repeated
 * submission one adjustment: the repeat answers the first (`repeated`), whether it came in series
 * or in parallel (the unique token waits for the first to commit). A debit above the cash balance
 * is refused (`debit_above_balance`) whether it would apply or wait, and nothing is kept.
 */
export async function requestAdjustment(
  tx: Queryable,
  player: PlayerRecord,
  input: {
    amount: string;
    reason: AdjustmentReason;
    note: string;
    token: string;
    staffId: number;
    threshold: string;
    now: Date;
  },
): Promise<{
  adjustment: Adjustment;
  outcome: 'applied' | 'pending' | 'repeated';
  /** This admin's credits (or debits) to the player in the window, this one included. */
  windowTotal?: string;
  balance?: string;
  before?: string;
}> {
  const [inserted] = await tx.query<Adjustment>(
    `INSERT INTO balance_adjustments (user_id, amount, reason, note, token, status, requested_by, requested_at)
     VALUES ($1, $2::numeric, $3, $4, $5, 'pending', $6, $7) ON CONFLICT (token) DO NOTHING RETURNING
     ${ADJUSTMENT_COLUMNS}`,
    [player.id, input.amount, input.reason, input.note, input.token, input.staffId, input.now.toISOString()],
  );
  if (!inserted) {
    const [first] = await tx.query<Adjustment>(
      `SELECT ${ADJUSTMENT_COLUMNS} FROM balance_adjustments WHERE token = $1`,
      [input.token],
    );
    if (!first || first.user_id !== player.id || first.amount !== input.amount) throw new ActionRefused('token_reused');
    return { adjustment: first, outcome: 'repeated' };
  }
  // A debit the balance cannot cover is refused now, under the player's row lock, rather than
  // queued for a second admin whose approval could only fail; the throw rolls the insert back.
  const cents = signedToCents(input.amount)!;
  if (cents < 0n && -cents > toCents(player.balance)!)
    throw new ActionRefused('debit_above_balance', {
      amount: formatMoney(fromCents(-cents), player.currency, 'en'),
      balance: formatMoney(player.balance, player.currency, 'en'),
    });
  const total = await windowTotal(tx, player, input.staffId, input.amount, input.now);
  if (toCents(total)! > toCents(input.threshold)!)
    return { adjustment: inserted, outcome: 'pending', windowTotal: total };
  const applied = await applyAdjustment(tx, inserted, player, null, input.now);
  return { adjustment: { ...inserted, status: 'applied' }, outcome: 'applied', windowTotal: total, ...applied };
}

/** Moves the money of an adjustment through the ledger and marks it applied. */
async function applyAdjustment(
  tx: Queryable,
  adjustment: Adjustment,
  player: PlayerRecord,
  approver: number | null,
  now: Date,
) {
  const cents = signedToCents(adjustment.amount)!;
  const size = fromCents(cents < 0n ? -cents : cents);
  const [current] = await tx.query<{ balance: string }>('SELECT balance::text FROM users WHERE id = $1', [player.id]);
  const item = {
    userId: player.id,
    type: 'adjustment' as const,
    amount: adjustment.amount,
    status: 'completed' as const,
    template: `adjustment_${adjustment.reason === 'other' ? 'general' : adjustment.reason}`,
    params: { amount: size, currency: player.currency },
    createdAt: now,
  };
  let balance: string;
  if (cents > 0n) {
    const history = await addTransaction(tx, item);
    balance = await credit(tx, player.id, 'cash', size, history.id, now);
    await markApplied(tx, adjustment.id, history.id, approver, now);
  } else {
    const left = await debit(tx, player.id, 'cash', size);
    if (left === undefined) throw new ActionRefused('below_zero');
    const history = await addTransaction(tx, item);
    await recordDebit(tx, player.id, 'cash', size, history.id, now);
    await markApplied(tx, adjustment.id, history.id, approver, now);
    balance = left;
  }
  return { before: current!.balance, balance };
}

const markApplied = (tx: Queryable, id: number, transactionId: number, approver: number | null, now: Date) =>
  tx.query(
    `UPDATE balance_adjustments
      SET status = 'applied', transaction_id = $2, decided_by = $3, decided_at = $4
      WHERE id = $1`,
    [id, transactionId, approver, now.toISOString()],
  );

/** The adjustment, locked; undefined when there is none. */
export async function lockAdjustment(tx: Queryable, id: number): Promise<Adjustment | undefined> {
  const [row] = await tx.query<Adjustment>(
    `SELECT ${ADJUSTMENT_COLUMNS} FROM balance_adjustments WHERE id = $1 FOR UPDATE`,
    [id],
  );
  return row;
}

/**
 * The second admin's decision on a waiting adjustment (four eyes): never the requester's own.
 * Approving applies it through the ledger; declining keeps it on the record, unapplied.
 */
export async function decideAdjustment(
  tx: Queryable,
  adjustment: Adjustment,
  player: PlayerRecord,
  staffId: number,
  approve: boolean,
  now: Date,
) {
  if (adjustment.status !== 'pending') throw new ActionRefused('decided');
  if (adjustment.requested_by === staffId) throw new ActionRefused('four_eyes');
  if (approve) return applyAdjustment(tx, adjustment, player, staffId, now);
  await tx.query(`UPDATE balance_adjustments SET status = 'declined', decided_by = $2, decided_at = $3 WHERE id = $1`, [
    adjustment.id,
    staffId,
    now.toISOString(),
  ]);
  return undefined;
}

/** Adjustments waiting for a second admin, oldest first. */
export async function pendingAdjustments(db: Queryable, userId: number) {
  return db.query<Adjustment & { requested_at: Date | string; requester: string }>(
    `SELECT a.id, a.user_id, a.amount::text, a.reason, a.note, a.token, a.status, a.requested_by, a.requested_at,
      s.email AS requester
     FROM balance_adjustments a JOIN staff s ON s.id = a.requested_by WHERE a.user_id = $1 AND a.status = 'pending'
     ORDER BY a.requested_at, a.id`,
    [userId],
  );
}

/**
 * Sets a deposit or loss limit for the player: a first one, or one lower than the one in force
 * (which applies at once, and cancels a raise the player has pending). Staff never raise or
 * remove a limit: only the player can, with the cooling-off.
 */
export async function lowerLimit(
  tx: Queryable,
  userId: number,
  kind: LimitKind,
  period: RgPeriod,
  amount: string,
  now: Date,
  coolingOffHours: number,
) {
  const current = (await effectiveLimits(tx, userId, kind, now))[period];
  const cents = toCents(amount)!;
  if (current?.amount !== undefined && cents >= current.amount) throw new ActionRefused('limit_not_lower');
  await changeLimit(tx, userId, kind, period, cents, now, coolingOffHours);
  return {
    before: { kind, period, amount: current?.amount === undefined ? null : fromCents(current.amount) },
    after: { kind, period, amount: fromCents(cents) },
  };
}

/** A time-out on the player's behalf; it can only lengthen a block in force, never shorten it. */
export async function applyTimeOut(tx: Queryable, player: PlayerRecord, period: TimeOutPeriod, now: Date) {
  const before = player.time_out_until ? new Date(player.time_out_until).toISOString() : null;
  const until = await startTimeOut(tx, player.id, period, now);
  await endAllSessions(tx, player.id, now);
  return { until, before: { time_out_until: before }, after: { time_out_until: until.toISOString(), period } };
}

export const INTERACTION_KINDS = ['phone', 'email', 'chat', 'in_person', 'other'] as const;
export type InteractionKind = (typeof INTERACTION_KINDS)[number];

export async function recordInteraction(
  tx: Queryable,
  userId: number,
  staffId: number,
  kind: InteractionKind,
  note: string,
  now: Date,
) {
  const [row] = await tx.query<{ id: number }>(
    'INSERT INTO rg_interactions (user_id, staff_id, kind, note, created_at) VALUES ($1, $2, $3, $4, $5) RETURNING id',
    [userId, staffId, kind, note, now.toISOString()],
  );
  return row!.id;
}

export async function interactionsOf(db: Queryable, userId: number) {
  return db.query<{ kind: InteractionKind; note: string; created_at: Date | string; email: string }>(
    `SELECT i.kind, i.note, i.created_at, s.email FROM rg_interactions i JOIN staff s ON s.id = i.staff_id
     WHERE i.user_id = $1 ORDER BY i.created_at DESC, i.id DESC`,
    [userId],
  );
}

/** Turns the player's two-factor sign-in off (lost phone, verified by support). */
export async function removeTwoFactor(tx: Queryable, userId: number) {
  if ((await twoFactorState(tx, userId)) === 'off') throw new ActionRefused('no_two_factor');
  await turnOff(tx, userId);
  return { before: { two_factor: 'on' }, after: { two_factor: 'off' } };
}

/** Whether staff have suspended the account (sign-in refuses it). */
export async function isSuspended(db: Queryable, userId: number): Promise<boolean> {
  const [row] = await db.query<{ suspended: boolean }>(
    'SELECT suspended_at IS NOT NULL AS suspended FROM users WHERE id = $1',
    [userId],
  );
  return !!row?.suspended;
}

/** How long a link to confirm a new email address works. */
export const EMAIL_CHANGE_HOURS = 48;

/** The page a staff-started change's link opens, on the API's origin (routes/email-change.ts). */
export const STAFF_EMAIL_CHANGE_PATH = '/email-change';

/**
 * The link mailed to the new address. The token is in the fragment, which browsers never send, so
 * it stays out of server and proxy logs; the page takes it out of the address bar and history once read.
 */
export const staffEmailChangeLink = (apiUrl: string, token: string) =>
  `${apiUrl}${STAFF_EMAIL_CHANGE_PATH}#token=${token}`;

/**
 * Staff ask to change the player's email: answers the token for the link mailed to the new
 * address (only its hash is kept). Refused when the address is the current one or another
 * account's. Earlier unused requests for the player stop working.
 */
export async function requestEmailChange(
  tx: Queryable,
  player: PlayerRecord,
  newEmail: string,
  staffId: number,
  now: Date,
): Promise<string> {
  if (newEmail === player.email) throw new ActionRefused('email_same');
  const [taken] = await tx.query('SELECT 1 FROM users WHERE lower(email) = lower($1)', [newEmail]);
  if (taken) throw new ActionRefused('email_taken');
  await tx.query('UPDATE email_changes SET used_at = $2 WHERE user_id = $1 AND used_at IS NULL', [
    player.id,
    now.toISOString(),
  ]);
  const token = randomBytes(20).toString('hex');
  await tx.query(
    'INSERT INTO email_changes (key_hash, user_id, new_email, staff_id, created_at) VALUES ($1, $2, $3, $4, $5)',
    [hashToken(token), player.id, newEmail, staffId, now.toISOString()],
  );
  return token;
}

export interface EmailChange {
  user_id: number;
  new_email: string;
  staff_id: number;
  old_email: string;
  locale: Locale;
}

/** The live request of a link's token, if any (unused, not expired). */
export async function emailChangeOf(db: Queryable, token: string, now: Date): Promise<EmailChange | undefined> {
  if (!/^[0-9a-f]{40}$/.test(token)) return undefined;
  const [row] = await db.query<EmailChange>(
    `SELECT e.user_id, e.new_email, e.staff_id, u.email AS old_email, u.locale FROM email_changes e JOIN users u ON
      u.id = e.user_id
     WHERE e.key_hash = $1 AND e.staff_id IS NOT NULL AND e.used_at IS NULL AND e.created_at > $2::timestamptz -
     make_interval(hours => $3)`,
    [hashToken(token), now.toISOString(), EMAIL_CHANGE_HOURS],
  );
  return row;
}

/**
 * Uses the link: the account's email becomes the new one, once (a conditional UPDATE on the
 * unused request). Undefined when the link is no longer live or the address was taken since.
 */
export async function applyStaffEmailChange(tx: Queryable, token: string, now: Date): Promise<EmailChange | undefined> {
  const change = await emailChangeOf(tx, token, now);
  if (!change) return undefined;
  const [used] = await tx.query(
    'UPDATE email_changes SET used_at = $2 WHERE key_hash = $1 AND used_at IS NULL RETURNING 1',
    [hashToken(token), now.toISOString()],
  );
  if (!used) return undefined;
  const [taken] = await tx.query('SELECT 1 FROM users WHERE lower(email) = lower($1) AND id <> $2', [
    change.new_email,
    change.user_id,
  ]);
  if (taken) return undefined;
  await tx.query('UPDATE users SET email = $2 WHERE id = $1', [change.user_id, change.new_email]);
  return change;
}
