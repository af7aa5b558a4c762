import type { Services } from '../app-env.ts';
import { InvalidInput } from '../base/domain-errors.ts';
import { claimLinkToken } from './link-tokens.ts';
import { endProviderSessions } from './provider-client/provider-sessions.ts';

/**
 * Sets a new password with a reset link's token, in one transaction: the token is claimed in the
 * transaction that uses it, so of two parallel confirmations one wins (the other is refused like
 * a spent link). The link proved the mailbox, so an account not yet activated is activated too;
 * every link and every session ends, since whoever knew the old password may be signed in. The
 * game providers are told too, so their open rounds settle while the sessions that played them end.
 */
export async function resetPasswordWithLink(
  services: Pick<Services, 'db' | 'config' | 'clock' | 'privateKeys'>,
  userId: number,
  token: string,
  passwordHash: string,
): Promise<void> {
  await services.db.transaction(async (tx) => {
    if (!(await claimLinkToken(tx, services, 'password_reset', userId, token)))
      throw InvalidInput.of('token', 'password_reset.token_invalid');
    await tx.query('UPDATE users SET password_hash = $2, activated_at = coalesce(activated_at, $3) WHERE id = $1', [
      userId,
      passwordHash,
      services.clock().toISOString(),
    ]);
    await tx.query('DELETE FROM password_reset_tokens WHERE user_id = $1', [userId]);
    await tx.query('DELETE FROM auth_tokens WHERE user_id = $1', [userId]);
  });
  await endProviderSessions(services, userId);
}

/**
 * The signed-in player's new password, in one transaction: pending reset links stop working and
 * every other session ends; the sign-in that changed it (`keptKeyHash`) stays.
 */
export async function changePassword(
  services: Pick<Services, 'db'>,
  userId: number,
  passwordHash: string,
  keptKeyHash: string,
): Promise<void> {
  await services.db.transaction(async (tx) => {
    await tx.query('UPDATE users SET password_hash = $2 WHERE id = $1', [userId, passwordHash]);
    await tx.query('DELETE FROM password_reset_tokens WHERE user_id = $1', [userId]);
    await tx.query('DELETE FROM auth_tokens WHERE user_id = $1 AND key_hash <> $2', [userId, keptKeyHash]);
  });
}
