import { createHash, randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';
import type { MiddlewareHandler } from 'hono';
import type { AppEnv, Services } from './app-env.ts';
import type { Queryable } from './db/database.ts';
import { detailError } from './errors.ts';

const scryptAsync = promisify(scrypt) as (password: string, salt: Buffer, length: number, options: object) => Promise<Buffer>;
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
  const actual = await scryptAsync(password, Buffer.from(salt, 'base64'), expected.length, { N: Number(N), r: Number(r), p: Number(p) });
  return timingSafeEqual(actual, expected);
}

/** Checked against when the email is unknown, so a miss takes as long as a wrong password. */
export const DUMMY_PASSWORD_HASH = await hashPassword(randomBytes(12).toString('hex'));

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** A Djoser-style 40-hex-character token; only its hash is stored. */
export async function issueToken(db: Queryable, userId: number): Promise<string> {
  const token = randomBytes(20).toString('hex');
  await db.query('INSERT INTO auth_tokens (key_hash, user_id) VALUES ($1, $2)', [hashToken(token), userId]);
  return token;
}

/** The token of an `Authorization: Token <key>` header, if well-formed. */
export function tokenOf(header: string | undefined): string | undefined {
  const match = /^Token ([0-9a-f]{40})$/i.exec(header?.trim() ?? '');
  return match?.[1]?.toLowerCase();
}

/** The player a `Token` header belongs to; 401 without one or with an unknown one. */
export async function authenticate(db: Queryable, header: string | undefined): Promise<number> {
  if (!header) throw detailError(401, 'not_authenticated', undefined, { 'WWW-Authenticate': 'Token' });
  const token = tokenOf(header);
  const [row] = token
    ? await db.query<{ user_id: number }>('SELECT user_id FROM auth_tokens WHERE key_hash = $1', [hashToken(token)])
    : [];
  if (!row) throw detailError(401, 'invalid_token', undefined, { 'WWW-Authenticate': 'Token' });
  return row.user_id;
}

/** 401 unless the request carries a valid token; sets `userId` for the route. */
export function requireUser({ db }: Services): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    c.set('userId', await authenticate(db, c.req.header('authorization')));
    await next();
  };
}
