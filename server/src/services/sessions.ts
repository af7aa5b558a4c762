import type { SessionInfo } from '../../../src/api/contract.ts';
import type { Services } from '../app-env.ts';

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
export async function listSessions({ db, config, clock }: Services, userId: number, currentKeyHash: string): Promise<SessionInfo[]> {
  const rows = await db.query<{ id: number; key_hash: string; created_at: Date | string; last_used_at: Date | string; device: string; ip: string }>(
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
