import { createHash, randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';
import type { Hono, MiddlewareHandler } from 'hono';
import { setAnswerHeader } from './answer-headers.ts';
import type { AppEnv, Services } from '../app-env.ts';
import type { Queryable } from '../db/database.ts';
import { detailError } from './errors.ts';

const scryptAsync = promisify(scrypt) as (
  password: string,
  salt: Buffer,
  length: number,
  options: object,
) => Promise<Buffer>;
const SCRYPT = { N: 16384, r: 8, p: 1 };
const HASH_BYTES = 32;

/** `scrypt$N$r$p$salt$hash`, so the cost can be raised later without breaking old hashes. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const hash = await scryptAsync(password, salt, HASH_BYTES, SCRYPT);
  return ['scrypt', SCRYPT.N, SCRYPT.r, SCRYPT.p, salt.toString('base64'), hash.toString('base64')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, N, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64');
  const actual = await scryptAsync(password, Buffer.from(salt, 'base64'), expected.length, {
    N: Number(N),
    r: Number(r),
    p: Number(p),
  });
  return timingSafeEqual(actual, expected);
}

/** Checked against when the email is unknown, so a miss takes as long as a wrong password. */
export const DUMMY_PASSWORD_HASH = await hashPassword(randomBytes(12).toString('hex'));

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** Where a sign-in came from, as the session list shows it (`services/sessions.ts`). */
export interface SignInOrigin {
  device: string;
  ip: string;
}

/** A Djoser-style 40-hex-character token; only its hash is stored. One token per sign-in. */
export async function issueToken(
  db: Queryable,
  userId: number,
  now: Date,
  origin: SignInOrigin = { device: '', ip: '' },
): Promise<string> {
  const token = randomBytes(20).toString('hex');
  await db.query(
    'INSERT INTO auth_tokens (key_hash, user_id, created_at, last_used_at, device, ip) VALUES ($1, $2, $3, $3, $4, $5)',
    [hashToken(token), userId, now.toISOString(), origin.device, origin.ip],
  );
  // Kept beyond the session, for the operator console's search and duplicate-account hints.
  if (origin.ip) {
    await db.query(
      `INSERT INTO sign_in_addresses (user_id, ip, first_seen_at, last_seen_at) VALUES ($1, $2, $3, $3)
       ON CONFLICT (user_id, ip) DO UPDATE SET last_seen_at = EXCLUDED.last_seen_at`,
      [userId, origin.ip, now.toISOString()],
    );
  }
  return token;
}

/** The token of an `Authorization: Token <key>` header, if well-formed. */
export function tokenOf(header: string | undefined): string | undefined {
  const match = /^Token ([0-9a-f]{40})$/i.exec(header?.trim() ?? '');
  return match?.[1]?.toLowerCase();
}

/** Every authenticated answer says when its token now expires (renewed on use). */
export const TOKEN_EXPIRES_HEADER = 'Token-Expires';

/** `last_used_at` is written at most this often per token, not on every request. */
const TOUCH_EVERY_MS = 60_000;
const DAY_MS = 86_400_000;

/**
 * The player a `Token` header belongs to; 401 without one, with an unknown one, or with an expired
 * one. A token expires TOKEN_IDLE_DAYS after its last use and TOKEN_MAX_AGE_DAYS after sign-in,
 * whichever is first.
 */
export async function authenticate(services: Services, header: string | undefined): Promise<number> {
  return (await authenticateToken(services, header)).userId;
}

/**
 * When a token used (or issued) at `lastUsed` expires: TOKEN_IDLE_DAYS after that, TOKEN_MAX_AGE_DAYS after sign-in at
 * the latest.
 */
export const tokenExpiry = (config: Services['config'], createdAt: number, lastUsed: number) =>
  new Date(Math.min(createdAt + config.auth.tokenMaxAgeDays * DAY_MS, lastUsed + config.auth.tokenIdleDays * DAY_MS));

/** What `authenticateToken` checks of a sign-in's token row. */
export interface TokenRow {
  user_id: number;
  created_at: Date | string;
  last_used_at: Date | string;
}

/**
 * Reads the token row by its hash. A route may pass its own reader that joins what it answers
 * with (`/api/user/me`: the player), so an authenticated read is one round trip, with the same checks.
 */
export type TokenReader<Row extends TokenRow> = (db: Queryable, keyHash: string) => Promise<Row[]>;
const readToken: TokenReader<TokenRow> = (db, keyHash) =>
  db.query<TokenRow>('SELECT user_id, created_at, last_used_at FROM auth_tokens WHERE key_hash = $1', [keyHash]);

/** `authenticate`, also answering when the token now expires (the site's cookie follows it). */
export async function authenticateToken<Row extends TokenRow = TokenRow>(
  { db, config, clock }: Services,
  header: string | undefined,
  read: TokenReader<Row> = readToken as TokenReader<Row>,
): Promise<{ userId: number; expiresAt: Date; row: Row }> {
  if (!header) throw detailError(401, 'not_authenticated', undefined, { 'WWW-Authenticate': 'Token' });
  const token = tokenOf(header);
  const keyHash = token ? hashToken(token) : undefined;
  const [row] = keyHash ? await read(db, keyHash) : [];
  const now = clock().getTime();
  const lastUsed = row ? new Date(row.last_used_at).getTime() : 0;
  const expired =
    !row ||
    now - lastUsed >= config.auth.tokenIdleDays * DAY_MS ||
    now - new Date(row.created_at).getTime() >= config.auth.tokenMaxAgeDays * DAY_MS;
  if (expired) {
    if (row) await db.query('DELETE FROM auth_tokens WHERE key_hash = $1', [keyHash]);
    throw detailError(401, 'invalid_token', undefined, { 'WWW-Authenticate': 'Token' });
  }
  // The market's inactivity time-out (CA-ON, docs/markets.md): measured from the last use recorded, which is
  // written at most once a minute, so the sign-in may end up to a minute early, never late.
  const idle = config.market.profile.rules.inactivityTimeout;
  if (idle && now - lastUsed >= idle.minutes * 60_000) {
    await db.query('DELETE FROM auth_tokens WHERE key_hash = $1', [keyHash]);
    throw detailError(401, 'inactivity_timeout', { minutes: idle.minutes }, { 'WWW-Authenticate': 'Token' });
  }
  const touched = now - lastUsed >= TOUCH_EVERY_MS;
  if (touched) {
    await db.query('UPDATE auth_tokens SET last_used_at = $2 WHERE key_hash = $1', [
      keyHash,
      new Date(now).toISOString(),
    ]);
  }
  return {
    userId: row.user_id,
    expiresAt: tokenExpiry(config, new Date(row.created_at).getTime(), touched ? now : lastUsed),
    row,
  };
}

/** 401 unless the request carries a valid token; sets `userId` for the route. */
export function requireUser(services: Services): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const { userId, expiresAt } = await authenticateToken(services, c.req.header('authorization'));
    c.set('userId', userId);
    await next();
    setAnswerHeader(c, TOKEN_EXPIRES_HEADER, expiresAt.toISOString());
  };
}

/** `requireUser` on each of `paths`: a route file names its signed-in paths in one list. */
export function requireUserOn(app: Hono<AppEnv>, services: Services, paths: readonly string[]): void {
  const guard = requireUser(services);
  for (const path of paths) app.use(path, guard);
}
