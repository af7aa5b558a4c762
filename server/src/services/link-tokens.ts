import { randomBytes } from 'node:crypto';
import { localizedPath } from '#core/i18n/urls.ts';
import type { Services } from '../app-env.ts';
import { hashToken } from '../http/auth.ts';
import type { Queryable } from '../db/database.ts';
import type { Locale } from '../base/i18n.ts';

/**
 * The one-time links mailed to players: password reset and account activation. Both are
 * `<SITE_URL>/<locale>/<page>#uid=<uid>&token=<token>`, stored as a SHA-256 in
 * `password_reset_tokens` with their purpose, usable once and until their timeout.
 */
export type LinkPurpose = 'password_reset' | 'activation';

const PAGES: Record<LinkPurpose, string> = { password_reset: '/reset-password', activation: '/activate' };

/** Seconds a link of this purpose works: PASSWORD_RESET_TIMEOUT or ACTIVATION_TIMEOUT. */
export const linkTimeoutSeconds = ({ config }: Pick<Services, 'config'>, purpose: LinkPurpose) =>
  purpose === 'activation' ? config.mail.activationTimeoutSeconds : config.mail.resetTimeoutSeconds;

/** Djoser's uid: the user id, base64url-encoded. */
export const encodeUid = (id: number) => Buffer.from(String(id)).toString('base64url');

export function decodeUid(uid: string): number | undefined {
  if (!/^[A-Za-z0-9_-]{1,16}$/.test(uid)) return undefined;
  const text = Buffer.from(uid, 'base64url').toString('utf8');
  return /^[1-9]\d{0,9}$/.test(text) && Number(text) <= 2_147_483_647 ? Number(text) : undefined;
}

/**
 * A new token for the player, and the link that carries it. The token is in the fragment,
 * which browsers never send, so it stays out of server and proxy logs. The origin is SITE_URL,
 * never the request's Host header, which an attacker could set to their own site.
 * `db` may be a transaction (registration makes the account and its link together).
 */
export async function newLink(
  { config, clock }: Pick<Services, 'config' | 'clock'>,
  db: Queryable,
  purpose: LinkPurpose,
  user: { id: number; locale: Locale },
): Promise<string> {
  const token = randomBytes(20).toString('hex');
  await db.query('INSERT INTO password_reset_tokens (key_hash, user_id, created_at, purpose) VALUES ($1, $2, $3, $4)', [
    hashToken(token),
    user.id,
    clock().toISOString(),
    purpose,
  ]);
  return `${config.siteUrl}${localizedPath(PAGES[purpose], user.locale)}#uid=${encodeUid(user.id)}&token=${token}`;
}

const LIVE = `key_hash = $1 AND user_id = $2 AND purpose = $5 AND used_at IS NULL
  AND created_at > $3::timestamptz - make_interval(secs => $4)`;

const liveParams = (
  services: Pick<Services, 'config' | 'clock'>,
  purpose: LinkPurpose,
  userId: number,
  token: string,
) => [hashToken(token), userId, services.clock().toISOString(), linkTimeoutSeconds(services, purpose), purpose];

/**
 * Claims the token for the player: true once, for an unused token of this purpose younger than
 * its timeout. One UPDATE, so two parallel confirmations cannot both use it.
 */
export async function claimLinkToken(
  db: Queryable,
  services: Pick<Services, 'config' | 'clock'>,
  purpose: LinkPurpose,
  userId: number,
  token: string,
): Promise<boolean> {
  const rows = await db.query(
    `UPDATE password_reset_tokens SET used_at = $3 WHERE ${LIVE} RETURNING 1`,
    liveParams(services, purpose, userId, token),
  );
  return rows.length === 1;
}

/**
 * Activates the account with its link's token, in one transaction: true once. The token is claimed
 * in the transaction that activates, so a link works once even when opened twice at once.
 */
export async function activateAccount(
  services: Pick<Services, 'db' | 'config' | 'clock'>,
  userId: number,
  token: string,
): Promise<boolean> {
  return services.db.transaction(async (tx) => {
    if (!(await claimLinkToken(tx, services, 'activation', userId, token))) return false;
    await tx.query('UPDATE users SET activated_at = coalesce(activated_at, $2) WHERE id = $1', [
      userId,
      services.clock().toISOString(),
    ]);
    await tx.query("DELETE FROM password_reset_tokens WHERE user_id = $1 AND purpose = 'activation'", [userId]);
    return true;
  });
}

/** Whether the token would be claimed, without claiming it (a reset checks it before the password's rules). */
export async function linkTokenValid(
  services: Services,
  purpose: LinkPurpose,
  userId: number,
  token: string,
): Promise<boolean> {
  const rows = await services.db.query(
    `SELECT 1 FROM password_reset_tokens WHERE ${LIVE}`,
    liveParams(services, purpose, userId, token),
  );
  return rows.length === 1;
}

/** Deletes links past their purpose's timeout (housekeeping). */
export async function pruneLinkTokens(services: Pick<Services, 'db' | 'config'>, now: Date): Promise<void> {
  await services.db.query(
    `DELETE FROM password_reset_tokens
     WHERE created_at <= $1::timestamptz - make_interval(secs => CASE purpose WHEN 'activation' THEN $3::int ELSE
     $2::int END)`,
    [now.toISOString(), linkTimeoutSeconds(services, 'password_reset'), linkTimeoutSeconds(services, 'activation')],
  );
}
