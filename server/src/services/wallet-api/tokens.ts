import { createHash, randomBytes } from 'node:crypto';
import type { Services } from '../../app-env.ts';

export const hashWalletToken = (token: string) => createHash('sha256').update(token).digest('hex');

export interface WalletTokenRequest {
  userId: number;
  providerId: string;
  gameId: string;
  /** The hash of the sign-in's auth token that launches the game: ending that sign-in ends this token. */
  authTokenHash: string;
}

/**
 * A wallet token for one launch (issue 37 section 2 hands it to the provider's `/v1/sessions`):
 * opaque, random, stored only as its hash, bound to the player, provider, game, the player's
 * currency and the sign-in. It lasts GAME_SESSION_HOURS, like a game session.
 */
export async function issueWalletToken({ db, clock, config }: Services, request: WalletTokenRequest) {
  const token = randomBytes(24).toString('base64url');
  const now = clock();
  await db.query(
    `INSERT INTO wallet_tokens (token_hash, user_id, provider_id, game_id, currency, auth_token_hash, created_at,
       expires_at)
     SELECT $1, id, $3, $4, currency, $5, $6, $7 FROM users WHERE id = $2`,
    [
      hashWalletToken(token),
      request.userId,
      request.providerId,
      request.gameId,
      request.authTokenHash,
      now.toISOString(),
      new Date(now.getTime() + config.games.sessionHours * 3_600_000).toISOString(),
    ],
  );
  return { token };
}

/**
 * Days a wallet token is kept after it expires. A win, a rollback or a replay names its player only
 * through the token, and money owed must land however late the provider sends it, so an ended or
 * expired token is not deleted at once; a sign-out ends a token early but it expires within
 * GAME_SESSION_HOURS anyway, so both go by this one rule.
 */
export const WALLET_TOKEN_KEEP_DAYS = 7;

/**
 * Deletes wallet tokens expired more than WALLET_TOKEN_KEEP_DAYS ago, except while their player still has
 * an open round at that provider: that round's win must still find the player.
 */
export async function pruneWalletTokens({ db }: Services, now: Date): Promise<void> {
  await db.query(
    `DELETE FROM wallet_tokens w
     WHERE w.expires_at <= $1::timestamptz - make_interval(days => $2)
       AND NOT EXISTS (SELECT 1 FROM provider_rounds r
         WHERE r.provider_id = w.provider_id AND r.user_id = w.user_id AND r.state = 'open')`,
    [now.toISOString(), WALLET_TOKEN_KEEP_DAYS],
  );
}
