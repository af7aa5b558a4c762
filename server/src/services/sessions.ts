import type { SessionInfo } from '#core/api/contract.ts';
import type { Services } from '../app-env.ts';
import type { Queryable } from '../db/database.ts';
import type { Locale } from '../base/i18n.ts';

const BROWSERS: [RegExp, string][] = [
  [/Edg(e|A|iOS)?\//, 'Edge'],
  [/OPR\/|Opera/, 'Opera'],
  [/SamsungBrowser\//, 'Samsung Internet'],
  [/Firefox\/|FxiOS\//, 'Firefox'],
  [/Chrome\/|CriOS\/|Chromium\//, 'Chrome'],
  [/Safari\//, 'Safari'],
];
const SYSTEMS: [RegExp, string][] = [
  [/iPhone|iPad|iPod/, 'iOS'],
  [/Android/, 'Android'],
  [/CrOS/, 'ChromeOS'],
  [/Windows/, 'Windows'],
  [/Mac OS X|Macintosh/, 'macOS'],
  [/Linux/, 'Linux'],
];

/**
 * "Firefox · Linux": enough for a player to recognise a device, no version numbers (they would
 * only help fingerprinting). Empty when the User-Agent names neither; the site then says
 * "Unknown device" in the player's language.
 */
export function deviceSummary(userAgent: string | undefined): string {
  const agent = (userAgent ?? '').slice(0, 512);
  const browser = BROWSERS.find(([pattern]) => pattern.test(agent))?.[1];
  const system = SYSTEMS.find(([pattern]) => pattern.test(agent))?.[1];
  return [browser, system].filter(Boolean).join(' · ');
}

/**
 * The address as the session list shows it: IPv4 without its last octet (`203.0.113.x`), IPv6 as
 * its /48. Takes the key `clientAddress` answers (IPv6 already cut to its /64); in-process
 * requests have no address and answer "".
 */
export function maskAddress(key: string): string {
  const v4 = /^(\d+\.\d+\.\d+)\.\d+$/.exec(key);
  if (v4) return `${v4[1]}.x`;
  const v6 = /^([0-9a-f]+):([0-9a-f]+):([0-9a-f]+):[0-9a-f]+::\/64$/.exec(key);
  if (v6) return `${v6[1]}:${v6[2]}:${v6[3]}::/48`;
  return '';
}

/** The player's live sessions, most recently used first; expired ones are left out. */
export async function listSessions(
  { db, config, clock }: Services,
  userId: number,
  currentKeyHash: string,
): Promise<SessionInfo[]> {
  const rows = await db.query<{
    id: number;
    key_hash: string;
    created_at: Date | string;
    last_used_at: Date | string;
    device: string;
    ip: string;
  }>(
    `SELECT id, key_hash, created_at, last_used_at, device, ip FROM auth_tokens
     WHERE user_id = $1
       AND last_used_at > $2::timestamptz - make_interval(days => $3)
       AND created_at > $2::timestamptz - make_interval(days => $4)
     ORDER BY last_used_at DESC, id DESC`,
    [userId, clock().toISOString(), config.auth.tokenIdleDays, config.auth.tokenMaxAgeDays],
  );
  return rows.map((row) => ({
    id: row.id,
    created_at: new Date(row.created_at).toISOString(),
    last_used_at: new Date(row.last_used_at).toISOString(),
    device: row.device,
    ip: row.ip,
    current: row.key_hash === currentKeyHash,
  }));
}

/**
 * Records a successful sign-in: mail sent later (a reset link, a security notice) follows the
 * language of the last sign-in. Answers whether it was the player's first sign-in ever (one
 * conditional UPDATE, so of two parallel ones only one is first).
 */
export async function recordSignIn(
  db: Queryable,
  userId: number,
  locale: Locale,
  now: Date,
): Promise<{ first: boolean }> {
  await db.query('UPDATE users SET locale = $2 WHERE id = $1 AND locale <> $2', [userId, locale]);
  const first = await db.query(
    'UPDATE users SET first_signed_in_at = $2 WHERE id = $1 AND first_signed_in_at IS NULL RETURNING 1',
    [userId, now.toISOString()],
  );
  return { first: first.length > 0 };
}

/** Ends the sign-in whose token hashes to `keyHash`. */
export async function signOut(db: Queryable, keyHash: string): Promise<void> {
  await db.query('DELETE FROM auth_tokens WHERE key_hash = $1', [keyHash]);
}

/** Ends every sign-in of the player, on every device. */
export async function signOutEverywhere(db: Queryable, userId: number): Promise<void> {
  await db.query('DELETE FROM auth_tokens WHERE user_id = $1', [userId]);
}

/**
 * Ends one of the player's sessions by its id: false when the player has none with that id (someone else's included).
 */
export async function endSession(db: Queryable, userId: number, sessionId: number): Promise<boolean> {
  const rows = await db.query('DELETE FROM auth_tokens WHERE id = $1 AND user_id = $2 RETURNING id', [
    sessionId,
    userId,
  ]);
  return rows.length > 0;
}
