import { randomBytes } from 'node:crypto';
import type { Money } from '#core/api/contract.ts';
import { toCents } from '#core/api/money.ts';
import { localizedPath } from '#core/i18n/urls.ts';
import type { Services } from '../app-env.ts';
import { hashToken } from '../http/auth.ts';
import { isUniqueViolation, type Queryable } from '../db/database.ts';
import { InvalidInput } from '../base/domain-errors.ts';
import type { Locale } from '../base/i18n.ts';
import { cancelBonus } from './bonus.ts';
import { encodeUid } from './link-tokens.ts';
import { refuseOpenRound, settleRoundsThen } from './open-rounds.ts';
import { reserveWithdrawal } from './withdrawals.ts';

/**
 * The player's own account: changing the email address, closing the account, and the
 * housekeeping that erases what a closed account need not keep. docs/account.md.
 */

/** Seconds an email-change link works: as long as an activation link (both prove a mailbox). */
export const emailChangeTimeoutSeconds = ({ config }: Pick<Services, 'config'>) => config.mail.activationTimeoutSeconds;

/**
 * A new email-change link for the player, to be mailed to `newEmail`. The token is in the
 * fragment (never sent to a server), the origin is SITE_URL, only its SHA-256 is stored.
 */
export async function newEmailChangeLink(
  services: Pick<Services, 'config' | 'clock' | 'db'>,
  user: { id: number; locale: Locale },
  newEmail: string,
): Promise<string> {
  const token = randomBytes(20).toString('hex');
  await services.db.query(
    'INSERT INTO email_changes (key_hash, user_id, new_email, created_at) VALUES ($1, $2, $3, $4)',
    [hashToken(token), user.id, newEmail, services.clock().toISOString()],
  );
  const page = `${services.config.siteUrl}${localizedPath('/confirm-email', user.locale)}`;
  return `${page}#uid=${encodeUid(user.id)}&token=${token}`;
}

/**
 * Claims an email-change token in the caller's transaction: the new address once, for an unused
 * token younger than its timeout, of an account that is not closed. One UPDATE, so of two
 * parallel confirmations only one gets it.
 */
export async function claimEmailChange(
  tx: Queryable,
  services: Pick<Services, 'config' | 'clock'>,
  userId: number,
  token: string,
): Promise<string | undefined> {
  const [row] = await tx.query<{ new_email: string }>(
    `UPDATE email_changes SET used_at = $3 WHERE key_hash = $1 AND user_id = $2 AND staff_id IS NULL AND used_at IS NULL
       AND created_at > $3::timestamptz - make_interval(secs => $4)
       AND EXISTS (SELECT 1 FROM users WHERE id = $2 AND closed_at IS NULL)
     RETURNING new_email`,
    [hashToken(token), userId, services.clock().toISOString(), emailChangeTimeoutSeconds(services)],
  );
  return row?.new_email;
}

/**
 * Confirms an email change with the link's token, in one transaction: the new address replaces the
 * old one, other pending changes are dropped, and reset links mailed to the old address stop
 * working. Answers the new address.
 */
export async function confirmEmailChange(
  services: Pick<Services, 'db' | 'config' | 'clock'>,
  userId: number,
  token: string,
): Promise<string> {
  return services.db
    .transaction(async (tx) => {
      const email = await claimEmailChange(tx, services, userId, token);
      if (!email) throw InvalidInput.of('token', 'account.email_link_invalid');
      await tx.query('UPDATE users SET email = $2 WHERE id = $1', [userId, email]);
      await tx.query('DELETE FROM email_changes WHERE user_id = $1 AND used_at IS NULL', [userId]);
      // A reset link mailed to the old address must not work any more.
      await tx.query('DELETE FROM password_reset_tokens WHERE user_id = $1', [userId]);
      return email;
    })
    .catch((error: unknown) => {
      // Someone registered the address after the link was sent: the link's owner may know that.
      if (isUniqueViolation(error)) throw InvalidInput.of('token', 'account.email_taken_now');
      throw error;
    });
}

/** Whether any account (closed ones too, until erased) uses the address. */
export async function emailInUse(db: Queryable, email: string): Promise<boolean> {
  return (await db.query('SELECT 1 FROM users WHERE lower(email) = lower($1)', [email])).length > 0;
}

/** "p***@example.com": enough for the owner to recognise, not a full address in the old mailbox. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  return `${email.slice(0, Math.min(1, at))}***${email.slice(at)}`;
}

export type CloseOutcome =
  | { closed: true; payout?: { id: number; amount: Money } }
  | { closed: false; reason: 'payout_needed' | 'unverified'; balance: Money };

export interface ClosePayout {
  method: string;
  destination: string;
}

/**
 * Closes the account in one transaction, with the player's row locked (FOR UPDATE) from the first
 * statement, so a withdrawal or a bet running in parallel either happens wholly before (and the
 * closure sees the balance it left) or finds the account closed. The cash balance is paid out as
 * a pending withdrawal to `payout` (which the caller has checked); without one, a balance above
 * zero refuses the closure. A bonus is forfeited. Every token and game session ends. First every
 * open round is settled by its game's rule (services/open-rounds.ts), so its money is in the balance
 * the rules read: kept on the open account when the closure is refused.
 */
export async function closeAccount(
  services: Pick<Services, 'db' | 'clock' | 'config' | 'privateKeys'>,
  userId: number,
  reason: string,
  payout: ClosePayout | undefined,
  verified: boolean,
): Promise<CloseOutcome> {
  return settleRoundsThen(services, userId, () =>
    services.db.transaction((tx) => closeAccountIn(tx, services.clock(), userId, reason, payout, verified)),
  );
}

/**
 * `closeAccount` in the caller's transaction (the operator console closes at the player's request
 * and writes its audit row in the same one). A refusal changes nothing; the caller's transaction
 * may go on. An account already closed answers `closed: true` with no payout: callers that must
 * tell it apart check `closed_at` first. The caller has settled the open rounds (`settleRoundsThen`);
 * one opened since sends it round again.
 */
export async function closeAccountIn(
  tx: Queryable,
  at: Date,
  userId: number,
  reason: string,
  payout: ClosePayout | undefined,
  verified: boolean,
): Promise<CloseOutcome> {
  const now = at.toISOString();
  const [row] = await tx.query<{ balance: string; currency: string; closed_at: Date | null }>(
    'SELECT balance::text, currency, closed_at FROM users WHERE id = $1 FOR UPDATE',
    [userId],
  );
  if (!row || row.closed_at) return { closed: true };
  await refuseOpenRound(tx, userId);
  let paid: { id: number; amount: Money } | undefined;
  if (toCents(row.balance)! > 0n) {
    if (!verified) return { closed: false, reason: 'unverified', balance: row.balance };
    if (!payout) return { closed: false, reason: 'payout_needed', balance: row.balance };
    const item = await reserveWithdrawal(
      tx,
      {
        userId,
        amount: row.balance,
        method: payout.method,
        destination: payout.destination,
        currency: row.currency,
        now: at,
      },
      // The caller asked about verification above (an unverified player is told to verify first).
      { verifiedOnly: false },
    );
    // The row is locked and the amount is the balance just read: the debit cannot fail.
    if (!item) throw new Error('closing payout not reserved');
    paid = { id: item.id, amount: row.balance };
  }
  await cancelBonus(tx, userId, row.currency, at);
  await tx.query('UPDATE users SET closed_at = $2, close_reason = $3 WHERE id = $1', [userId, now, reason]);
  await tx.query('DELETE FROM auth_tokens WHERE user_id = $1', [userId]);
  await tx.query('DELETE FROM password_reset_tokens WHERE user_id = $1', [userId]);
  await tx.query('DELETE FROM email_changes WHERE user_id = $1', [userId]);
  // Sessions end now; their rounds stay (anti-money-laundering records).
  await tx.query('UPDATE game_sessions SET expires_at = $2 WHERE user_id = $1 AND expires_at > $2', [userId, now]);
  // A deposit still on the payment page can no longer credit the closed account.
  await tx.query("UPDATE payments SET status = 'cancelled' WHERE user_id = $1 AND status = 'pending'", [userId]);
  return { closed: true, ...(paid ? { payout: paid } : {}) };
}

/**
 * Housekeeping: pseudonymises every account closed more than ACCOUNT_RETENTION_DAYS ago. What the
 * law makes us keep stays (payments, withdrawals, ledger, game rounds, identity checks:
 * docs/account.md); the name, address, username, date of birth, password, two-factor secret,
 * sessions, notifications and limits go. The address is free to register again from then on.
 */
export async function eraseClosedAccounts({ db, config }: Pick<Services, 'db' | 'config'>, now: Date): Promise<number> {
  const due = await db.query<{ id: number }>(
    `SELECT id
      FROM users
      WHERE closed_at IS NOT NULL AND erased_at IS NULL AND closed_at <= $1::timestamptz - make_interval(days => $2)`,
    [now.toISOString(), config.accountRetentionDays],
  );
  for (const { id } of due) {
    await db.transaction(async (tx) => {
      await tx.query(
        `UPDATE users SET email = 'closed-' || id || '@closed.invalid', username = 'closed-' || id, first_name = '',
          last_name = '',
           password_hash = '!', date_of_birth = NULL, gateway_player_id = NULL, close_reason = NULL, erased_at = $2
         WHERE id = $1 AND erased_at IS NULL`,
        [id, now.toISOString()],
      );
      await tx.query("UPDATE game_rounds SET player = 'closed-' || user_id WHERE user_id = $1", [id]);
      for (const table of [
        'auth_tokens',
        'password_reset_tokens',
        'email_changes',
        'two_factor',
        'two_factor_backup_codes',
        'notification_reads',
        'rg_limits',
      ]) {
        await tx.query(`DELETE FROM ${table} WHERE user_id = $1`, [id]);
      }
      await tx.query('DELETE FROM notifications WHERE user_id = $1', [id]);
    });
  }
  return due.length;
}

/**
 * Housekeeping: deletes accounts never activated UNACTIVATED_ACCOUNT_DAYS after registration.
 * Such an account cannot have signed in, so it has no money, play or documents; the check says
 * so anyway, and an account with any history is left alone.
 */
export async function deleteUnactivatedAccounts(
  { db, config }: Pick<Services, 'db' | 'config'>,
  now: Date,
): Promise<number> {
  const rows = await db.query(
    `DELETE FROM users u WHERE activated_at IS NULL AND date_joined <= $1::timestamptz - make_interval(days => $2)
       AND NOT EXISTS (SELECT 1 FROM transactions t WHERE t.user_id = u.id)
       AND NOT EXISTS (SELECT 1 FROM users r WHERE r.referred_by = u.id)
     RETURNING id`,
    [now.toISOString(), config.unactivatedAccountDays],
  );
  return rows.length;
}
