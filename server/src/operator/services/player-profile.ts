import type { Services } from '../../app-env.ts';
import { resumptionsOf } from '../../services/game-resumptions.ts';
import { interactionsOf, pendingAdjustments } from '../../services/account-admin.ts';
import { openAlertsOf } from './risk-alerts.ts';
import { linkedAccounts } from './linked-accounts.ts';
import { sourceOfFundsOf } from '../../services/source-of-funds.ts';
import { sourceOfFundsDocumentsOf } from '../../services/source-of-funds-documents.ts';
import { audit } from './audit.ts';
import { accountAgeDays, lifetimeFigures } from './player-lifetime.ts';
import { playerDeposits } from './player-deposits.ts';
import { gameChoices, playerHistory, type HistoryQuery } from './player-history.ts';

/** One player's whole picture as the console's player page shows it (routes/players.ts), and staff notes. */

export interface PlayerFacts {
  id: number;
  email: string;
  username: string;
  first_name: string;
  last_name: string;
  /** YYYY-MM-DD, or null when the profile has none. */
  date_of_birth: string | null;
  /** The country of residence (ISO 3166-1 alpha-2), or null for an account made before it was asked. */
  country: string | null;
  balance: string;
  bonus_balance: string;
  currency: string;
  locale: string;
  date_joined: Date | string;
  time_out_until: Date | string | null;
  self_excluded_until: Date | string | null;
  suspended_at: Date | string | null;
  suspended_reason: string | null;
  closed_at: Date | string | null;
  close_reason: string | null;
  /** Set while a chargeback holds the player's withdrawals. */
  withdrawals_held_at: Date | string | null;
  withdrawals_held_reason: string | null;
}

/**
 * The player with their lifetime figures and account age (by the server's clock), a page of their
 * history (filtered, by cursor: player-history.ts) and the games its filter offers, their latest 50 deposits,
 * limits, sessions, identity checks, staff notes, pending adjustments and
 * recorded interactions, and the accounts linked to them. Looking is audited (`player.view`). Undefined for
 * an unknown player (nothing audited then).
 */
export async function playerProfile(
  services: Pick<Services, 'db' | 'clock'>,
  staffId: number,
  id: number,
  historyQuery: HistoryQuery,
) {
  const { db } = services;
  const [player] = await db.query<PlayerFacts>(
    `SELECT id, email, username, first_name, last_name, date_of_birth::text, country, balance::text,
      bonus_balance::text, currency, locale, date_joined, time_out_until, self_excluded_until,
            suspended_at, suspended_reason, closed_at, close_reason, withdrawals_held_at, withdrawals_held_reason
     FROM users WHERE id = $1`,
    [id],
  );
  if (!player) return undefined;
  // First, so that a page link that is not this player's is refused before the view is audited.
  const history = await playerHistory(db, id, historyQuery);
  await audit(db, { staffId, action: 'player.view', targetType: 'player', targetId: id, at: services.clock() });
  const [
    games,
    limits,
    sessions,
    verifications,
    notes,
    pending,
    interactions,
    riskAlerts,
    lifetime,
    deposits,
    linked,
    sourceOfFunds,
    sofDocuments,
    resumed,
  ] = await Promise.all([
    gameChoices(db),
    db.query<{
      kind: string;
      period: string;
      amount: string | null;
      pending_amount: string | null;
      pending_at: Date | null;
    }>(
      `SELECT kind, period, amount::text, pending_amount::text, pending_at
       FROM rg_limits
       WHERE user_id = $1
       ORDER BY kind, period`,
      [id],
    ),
    db.query<{ device: string; ip: string; created_at: Date; last_used_at: Date }>(
      'SELECT device, ip, created_at, last_used_at FROM auth_tokens WHERE user_id = $1 ORDER BY last_used_at DESC',
      [id],
    ),
    db.query<{ document_type: string; status: string; reason: string | null; submitted_at: Date; id: string }>(
      `SELECT id, document_type, status, reason, submitted_at
       FROM identity_verifications
       WHERE user_id = $1
       ORDER BY submitted_at DESC`,
      [id],
    ),
    db.query<{ body: string; created_at: Date; email: string }>(
      `SELECT n.body, n.created_at, s.email
       FROM staff_notes n JOIN staff s ON s.id = n.staff_id
       WHERE n.user_id = $1
       ORDER BY n.created_at DESC, n.id DESC`,
      [id],
    ),
    pendingAdjustments(db, id),
    interactionsOf(db, id),
    openAlertsOf(db, id),
    lifetimeFigures(db, id),
    playerDeposits(db, id),
    linkedAccounts(db, id),
    sourceOfFundsOf(db, id),
    sourceOfFundsDocumentsOf(db, id),
    resumptionsOf(db, id),
  ]);
  const ageDays = accountAgeDays(player.date_joined, services.clock());
  return {
    player,
    history,
    games,
    limits,
    sessions,
    verifications,
    notes,
    pending,
    interactions,
    riskAlerts,
    lifetime,
    ageDays,
    deposits,
    resumed,
    linked,
    sourceOfFunds,
    sofDocuments,
  };
}

/** Adds a staff note to the player (notes are never changed), audited. False for an unknown player. */
export async function addStaffNote(
  services: Pick<Services, 'db' | 'clock'>,
  staffId: number,
  playerId: number,
  body: string,
): Promise<boolean> {
  const now = services.clock();
  return services.db.transaction(async (tx) => {
    const [note] = await tx.query<{ id: number }>(
      `INSERT INTO staff_notes (user_id, staff_id, body, created_at)
       SELECT id, $2, $3, $4 FROM users WHERE id = $1
       RETURNING id`,
      [playerId, staffId, body, now.toISOString()],
    );
    if (!note) return false;
    await audit(tx, {
      staffId,
      action: 'note.add',
      targetType: 'player',
      targetId: playerId,
      before: null,
      after: { note_id: note.id, body },
      at: now,
    });
    return true;
  });
}
