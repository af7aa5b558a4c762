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
