import { randomBytes } from 'node:crypto';
import { localizedPath } from '../../../src/i18n/urls.ts';
import type { Services } from '../app-env.ts';
import { hashToken } from '../auth.ts';
import type { Queryable } from '../db/database.ts';
import type { Locale } from '../i18n.ts';

/** Djoser's uid: the user id, base64url-encoded. */
export const encodeUid = (id: number) => Buffer.from(String(id)).toString('base64url');

export function decodeUid(uid: string): number | undefined {
  if (!/^[A-Za-z0-9_-]{1,16}$/.test(uid)) return undefined;
  const text = Buffer.from(uid, 'base64url').toString('utf8');
  return /^[1-9]\d{0,9}$/.test(text) && Number(text) <= 2_147_483_647 ? Number(text) : undefined;
}

/**
 * A new reset token for the player, and the link that carries it. The token is in the fragment,
 * which browsers never send, so it stays out of server and proxy logs. The origin is SITE_URL,
 * never the request's Host header, which an attacker could set to their own site.
 */
export async function newResetLink({ db, config, clock }: Services, user: { id: number; locale: Locale }): Promise<string> {
  const token = randomBytes(20).toString('hex');
  await db.query('INSERT INTO password_reset_tokens (key_hash, user_id, created_at) VALUES ($1, $2, $3)', [hashToken(token), user.id, clock().toISOString()]);
  return `${config.siteUrl}${localizedPath('/reset-password', user.locale)}#uid=${encodeUid(user.id)}&token=${token}`;
}

/**
 * Claims the token for the player: true once, for an unused token younger than
 * PASSWORD_RESET_TIMEOUT. One UPDATE, so two parallel confirmations cannot both use it.
 */
export async function claimResetToken(db: Queryable, { config, clock }: Pick<Services, 'config' | 'clock'>, userId: number, token: string): Promise<boolean> {
  const now = clock();
  const rows = await db.query(
    `UPDATE password_reset_tokens SET used_at = $3
     WHERE key_hash = $1 AND user_id = $2 AND used_at IS NULL AND created_at > $3::timestamptz - make_interval(secs => $4)
     RETURNING 1`,
    [hashToken(token), userId, now.toISOString(), config.mail.resetTimeoutSeconds],
  );
  return rows.length === 1;
}

/** Whether the token would be claimed, without claiming it (checked before the password's rules). */
export async function resetTokenValid({ db, config, clock }: Services, userId: number, token: string): Promise<boolean> {
  const rows = await db.query(
    `SELECT 1 FROM password_reset_tokens
     WHERE key_hash = $1 AND user_id = $2 AND used_at IS NULL AND created_at > $3::timestamptz - make_interval(secs => $4)`,
    [hashToken(token), userId, clock().toISOString(), config.mail.resetTimeoutSeconds],
  );
  return rows.length === 1;
}
