import { randomBytes } from 'node:crypto';
import {
  EDITABLE_USER_FIELDS,
  type Loyalty,
  type ReferralStats,
  type User,
  type UserUpdateRequest,
} from '#core/api/contract.ts';
import { LOYALTY_LEVELS } from '#core/data/loyalty-levels.ts';
import { LOCALES } from '#core/i18n/locales.ts';
import type { ServerConfig } from '../config/server-config.ts';
import type { TokenReader, TokenRow } from '../http/auth.ts';
import type { Queryable } from '../db/database.ts';
import type { Locale } from '../base/i18n.ts';
import type { Recipient } from '../mail/messages.ts';
import { knownTimeZone } from '#core/api/validation.ts';
import { isUniqueViolation } from '../db/database.ts';
import { InvalidInput } from '../base/domain-errors.ts';
import { nextRealityCheck } from './rg/session.ts';
import { marketingConsent, recordConsentChange } from './marketing-consent.ts';

/** The level reached with `points`, and the points the next level needs. */
export function loyaltyFor(points: number): Loyalty {
  const index = LOYALTY_LEVELS.findLastIndex((level) => points >= level.points);
  const next = LOYALTY_LEVELS[index + 1];
  return { level: LOYALTY_LEVELS[Math.max(index, 0)]!.id, points, next_level_points: next ? next.points : null };
}

/** A player's own columns, as `/api/user/me` answers them. */
interface UserRow {
  id: number;
  email: string;
  username: string;
  first_name: string;
  last_name: string;
  balance: string;
  bonus_balance: string;
  currency: string;
  loyalty_points: number;
  referral_code: string;
  date_joined: Date;
  time_zone: string | null;
  game_sound: boolean;
  incognito: boolean;
  marketing_consent: boolean;
  country: string | null;
}

/** `UserRow`'s columns of `users` read as `u`. */
const USER_COLUMNS = `u.id, u.email, u.username, u.first_name, u.last_name, u.balance::text, u.bonus_balance::text,
  u.currency, u.loyalty_points, u.referral_code, u.date_joined, u.time_zone, u.game_sound, u.incognito,
  u.marketing_consent, u.country`;

/** The user as `/api/user/me` answers it, without the sign-in's reality check. */
function userOf(row: UserRow, config: ServerConfig): User {
  const { loyalty_points, date_joined, time_zone, ...rest } = row;
  return {
    ...rest,
    loyalty: loyaltyFor(loyalty_points),
    date_joined: new Date(date_joined).toISOString(),
    limits: config.limits,
    time_zone: knownTimeZone(time_zone) ?? null,
  };
}

/** The user as `/api/user/me` answers it, or undefined. */
export async function loadUser(db: Queryable, id: number, config: ServerConfig): Promise<User | undefined> {
  const [row] = await db.query<UserRow>(`SELECT ${USER_COLUMNS} FROM users u WHERE u.id = $1`, [id]);
  return row && userOf(row, config);
}

/** The token row of a sign-in joined with its player: what `/api/user/me` answers from. */
export interface MeRow extends TokenRow, UserRow {
  reality_ack_at: Date | string | null;
  minutes: number | null;
}

/**
 * `/api/user/me` in one round trip: the sign-in's token row (checked by `authenticateToken` as on
 * every route), its reality-check times and its player. It was a token query and then the player's.
 */
export const readMe: TokenReader<MeRow> = (db, keyHash) =>
  db.query<MeRow>(
    `SELECT t.user_id, t.created_at, t.last_used_at, t.reality_ack_at, ${USER_COLUMNS},
            u.reality_check_minutes AS minutes
     FROM auth_tokens t JOIN users u ON u.id = t.user_id WHERE t.key_hash = $1`,
    [keyHash],
  );

/** The `/api/user/me` answer from a checked `readMe` row. */
export function meOf(row: MeRow, config: ServerConfig): User {
  const { user_id: _userId, created_at, last_used_at: _lastUsed, reality_ack_at, minutes, ...user } = row;
  const next = nextRealityCheck({ created_at, reality_ack_at }, minutes, config.rg.realityCheckMaxMinutes);
  return { ...userOf(user, config), reality_check_next_at: next?.toISOString() ?? null };
}

/** Profile changes as stored: the username NFKC-normalized, names trimmed, the zone as this runtime names it. */
export type ProfileChanges = { [K in keyof Required<UserUpdateRequest>]?: Required<UserUpdateRequest>[K] };

/**
 * PATCH /api/user/update: the player's own profile fields (username, names, time zone, game
 * sound, incognito), already checked at the edge (`server/src/schemas/user.ts`), so one bad field changes
 * nothing. Answers the updated user.
 */
export async function updateProfile(
  db: Queryable,
  id: number,
  input: ProfileChanges,
  config: ServerConfig,
  now: Date,
): Promise<User> {
  const changes = EDITABLE_USER_FIELDS.filter((field) => input[field] !== undefined);
  if (changes.length) {
    const assignments = changes.map((field, index) => `${field} = $${index + 2}`);
    const values: unknown[] = changes.map((field) => input[field]);
    // When the sound and incognito settings were last set, by the one clock.
    for (const setting of ['game_sound', 'incognito'] as const) {
      if (!changes.includes(setting)) continue;
      assignments.push(`${setting}_set_at = $${values.length + 2}`);
      values.push(now.toISOString());
    }
    // Read before the write so the audit keeps only real changes, written after it succeeded.
    const consentBefore = input.marketing_consent === undefined ? undefined : await marketingConsent(db, id);
    await db
      .query(`UPDATE users SET ${assignments.join(', ')} WHERE id = $1`, [id, ...values])
      .catch((error: unknown) => {
        if (isUniqueViolation(error)) throw InvalidInput.of('username', 'username_taken');
        throw error;
      });
    if (consentBefore !== undefined && consentBefore !== input.marketing_consent)
      await recordConsentChange(db, id, input.marketing_consent!, now, 'profile');
  }
  return (await loadUser(db, id, config))!;
}

/** Unambiguous characters for referral codes (no 0/O or 1/I); 32 divides 256, so no bias. */
const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export const newReferralCode = () =>
  Array.from(randomBytes(8), (byte) => CODE_ALPHABET[byte % CODE_ALPHABET.length]).join('');

/**
 * The IANA time zone name if this runtime knows it (`Europe/Berlin`), else undefined (shared with the site's form
 * check).
 */
export { knownTimeZone };

/** A player as the password, activation and security-mail code needs them. */
export interface Account extends Recipient {
  id: number;
  password_hash: string;
  /** NULL until the activation link is opened (registration since migration 013). */
  activated_at: Date | null;
}

/**
 * The account with this id or (normalized) email, with a supported mail language. A closed account
 * is not found: it signs in, resets its password and registers like an unknown address.
 */
export async function loadAccount(
  db: Queryable,
  where: 'id' | 'email',
  value: number | string,
): Promise<Account | undefined> {
  const [row] = await db.query<Account & { time_zone: string | null }>(
    `SELECT id, email, username, locale, password_hash, activated_at, time_zone
      FROM users
      WHERE ${where} = $1 AND closed_at IS NULL`,
    [value],
  );
  if (!row) return undefined;
  const { time_zone, ...rest } = row;
  return {
    ...rest,
    locale: (LOCALES as readonly string[]).includes(row.locale) ? (row.locale as Locale) : 'en',
    ...(knownTimeZone(time_zone) ? { time_zone: knownTimeZone(time_zone) } : {}),
  };
}

/** The player's referral code and what it brought: friends activated, friends who deposited, bonus earned. */
export async function referralStats(db: Queryable, userId: number): Promise<ReferralStats> {
  const [row] = await db.query<Omit<ReferralStats, 'earned'> & { earned: string }>(
    `SELECT u.referral_code, u.currency,
       (SELECT count(*)::int FROM users r WHERE r.referred_by = u.id AND r.activated_at IS NOT NULL) AS invited,
       (SELECT count(*)::int FROM users r WHERE r.referred_by = u.id
          AND EXISTS (SELECT 1 FROM transactions t WHERE t.user_id = r.id AND t.type = 'deposit' AND t.status =
          'completed')) AS active,
       (SELECT COALESCE(sum(t.amount), 0)::numeric(14,2)::text FROM transactions t
          WHERE t.user_id = u.id AND t.type = 'referral' AND t.status = 'completed') AS earned
     FROM users u WHERE u.id = $1`,
    [userId],
  );
  return row!;
}
