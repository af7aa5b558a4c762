import type { Services } from '../../app-env.ts';
import type { Queryable } from '../../db/database.ts';
import { WalletRefusal } from './refusal.ts';

/** The player behind a wallet token, read under the player's row lock. */
export interface WalletPlayer {
  userId: number;
  currency: string;
  locale: string;
  /** The cash balance when the lock was taken. */
  balance: string;
  closed: boolean;
  /** The token is within its lifetime and the sign-in that launched it has not ended. */
  live: boolean;
  /** `enabled`: the game and its provider are both on; bets need it, wins and rollbacks do not. */
  game: { name: string; enabled: boolean; minBet: string; maxBet: string; mechanic: string };
}

/**
 * Finds the token's player and locks the player's row (one statement), so every call of one player
 * (a bet, its limits check, a win, a rollback) runs after the other; also the game it names, which
 * must be the provider's, registered, and the one the token was issued for. A token this provider
 * never got answers `session_expired`; an unknown game `unknown_game`.
 */
export async function lockWalletPlayer(
  tx: Queryable,
  { config }: Services,
  providerId: string,
  call: { tokenHash: string; gameId: string; now: Date },
): Promise<WalletPlayer> {
  const [row] = await tx.query<{
    user_id: number;
    currency: string;
    locale: string;
    balance: string;
    closed: boolean;
    live: boolean;
    token_game: string;
    name: string | null;
    enabled: boolean | null;
    min_bet: string | null;
    max_bet: string | null;
    mechanic: string | null;
  }>(
    `SELECT u.id AS user_id, w.currency, u.locale, u.balance::text, u.closed_at IS NOT NULL AS closed,
       w.expires_at > $3 AND EXISTS (SELECT 1 FROM auth_tokens t WHERE t.key_hash = w.auth_token_hash
         AND t.last_used_at > $3::timestamptz - make_interval(days => $5)
         AND t.created_at > $3::timestamptz - make_interval(days => $6)) AS live,
       w.game_id AS token_game, g.name, g.enabled AND p.status = 'active' AS enabled, g.min_bet::text,
       g.max_bet::text, g.mechanic
     FROM wallet_tokens w JOIN users u ON u.id = w.user_id JOIN game_providers p ON p.id = w.provider_id
     LEFT JOIN provider_games g ON g.provider_id = w.provider_id AND g.game_id = $4
     WHERE w.token_hash = $1 AND w.provider_id = $2
     FOR UPDATE OF u`,
    [
      call.tokenHash,
      providerId,
      call.now.toISOString(),
      call.gameId,
      config.auth.tokenIdleDays,
      config.auth.tokenMaxAgeDays,
    ],
  );
  if (!row) throw new WalletRefusal('session_expired', 'The wallet token is unknown.');
  if (row.name === null) throw new WalletRefusal('unknown_game', 'The game is unknown.', row.user_id);
  if (row.token_game !== call.gameId)
    throw new WalletRefusal('bad_request', 'The token was issued for another game.', row.user_id);
  return {
    userId: row.user_id,
    currency: row.currency,
    locale: row.locale,
    balance: row.balance,
    closed: row.closed,
    live: row.live,
    game: {
      name: row.name,
      enabled: row.enabled!,
      minBet: row.min_bet!,
      maxBet: row.max_bet!,
      mechanic: row.mechanic!,
    },
  };
}
