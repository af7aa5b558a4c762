import { createHash, randomInt } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';
import type { Services } from '../app-env.ts';
import type { Queryable } from '../db/database.ts';
import { InvalidInput } from '../base/domain-errors.ts';
import { open, seal } from './secret-box.ts';

/** What code checks need; `db` may be a transaction. */
type CodeDeps = Pick<Services, 'privateKeys' | 'clock'> & { db: Queryable };

/**
 * Where a second factor is kept: players' in `two_factor`, staff's in `staff_two_factor` (the
 * operator console). Both tables have the same columns but the owner's.
 */
export interface TotpStore {
  table: 'two_factor' | 'staff_two_factor';
  owner: 'user_id' | 'staff_id';
  issuer: string;
}
export const PLAYER_TOTP: TotpStore = { table: 'two_factor', owner: 'user_id', issuer: 'AmberPlay' };
export const STAFF_TOTP: TotpStore = { table: 'staff_two_factor', owner: 'staff_id', issuer: 'AmberPlay Operator' };

const PERIOD = 30;
export const BACKUP_CODE_COUNT = 10;
const BACKUP_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

const totpOf = (secret: string, label = '', issuer = PLAYER_TOTP.issuer) =>
  new TOTP({ issuer, label, algorithm: 'SHA1', digits: 6, period: PERIOD, secret: Secret.fromBase32(secret) });

/**
 * The unconfirmed set-up already under way, if any (the secret the person may have scanned): a
 * mistyped code must not replace it, or the app they just set up would never work.
 */
export async function pendingSetup(
  services: Pick<Services, 'db' | 'privateKeys'>,
  userId: number,
  email: string,
  { table, owner, issuer }: TotpStore = PLAYER_TOTP,
) {
  const [row] = await services.db.query<{ secret: string }>(
    `SELECT secret FROM ${table} WHERE ${owner} = $1 AND confirmed_at IS NULL`,
    [userId],
  );
  const secret = row && open(services.privateKeys, row.secret)?.plain;
  if (!secret) return undefined;
  const otpauth_url = totpOf(secret, email, issuer).toString();
  const qr_svg = await QRCode.toString(otpauth_url, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return { otpauth_url, secret, qr_svg };
}

/** A new pending set-up: replaces an earlier unconfirmed one, never a confirmed one. */
export async function startSetup(
  services: Pick<Services, 'db' | 'privateKeys'>,
  userId: number,
  email: string,
  { table, owner, issuer }: TotpStore = PLAYER_TOTP,
) {
  const secret = new Secret({ size: 20 }).base32;
  const [row] = await services.db.query(
    `INSERT INTO ${table} (${owner}, secret) VALUES ($1, $2)
     ON CONFLICT (${owner}) DO UPDATE SET secret = EXCLUDED.secret, last_step = -1 WHERE ${table}.confirmed_at IS NULL
     RETURNING ${owner}`,
    [userId, seal(services.privateKeys, secret)],
  );
  if (!row) return undefined;
  const otpauth_url = totpOf(secret, email, issuer).toString();
  const qr_svg = await QRCode.toString(otpauth_url, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return { otpauth_url, secret, qr_svg };
}

export async function twoFactorState(
  db: Queryable,
  userId: number,
  { table, owner }: TotpStore = PLAYER_TOTP,
): Promise<'off' | 'pending' | 'on'> {
  const [row] = await db.query<{ confirmed: boolean }>(
    `SELECT confirmed_at IS NOT NULL AS confirmed FROM ${table} WHERE ${owner} = $1`,
    [userId],
  );
  return !row ? 'off' : row.confirmed ? 'on' : 'pending';
}

/** Six digits are a TOTP code; anything else is tried as a backup code. Spaces and dashes are ignored. */
const normalize = (code: string) => code.replace(/[\s-]/g, '').toLowerCase();

/**
 * Takes a TOTP code of the current step or one step either side. The step is claimed by one
 * conditional UPDATE (`last_step < step`), so a code, or any older one, is never accepted twice,
 * even by parallel requests. `confirmed` picks the set-up (false) or the active secret (true).
 */
export async function takeTotp(
  services: CodeDeps,
  userId: number,
  code: string,
  confirmed: boolean,
  { table, owner }: TotpStore = PLAYER_TOTP,
): Promise<boolean> {
  const token = normalize(code);
  if (!/^\d{6}$/.test(token)) return false;
  const [row] = await services.db.query<{ secret: string }>(
    `SELECT secret FROM ${table} WHERE ${owner} = $1 AND (confirmed_at IS NOT NULL) = $2`,
    [userId, confirmed],
  );
  const opened = row && open(services.privateKeys, row.secret);
  if (!opened) return false;
  const timestamp = services.clock().getTime();
  const delta = totpOf(opened.plain).validate({ token, timestamp, window: 1 });
  if (delta === null) return false;
  const step = Math.floor(timestamp / 1000 / PERIOD) + delta;
  const claimed = await services.db.query(
    `UPDATE ${table} SET last_step = $3, secret = CASE WHEN $4::text IS NULL THEN secret ELSE $4 END,
       confirmed_at = COALESCE(confirmed_at, $5::timestamptz)
     WHERE ${owner} = $1 AND (confirmed_at IS NOT NULL) = $2 AND last_step < $3 RETURNING ${owner}`,
    [
      userId,
      confirmed,
      step,
      opened.stale ? seal(services.privateKeys, opened.plain) : null,
      services.clock().toISOString(),
    ],
  );
  return claimed.length === 1;
}

const hashBackupCode = (userId: number, code: string) =>
  createHash('sha256')
    .update(`${userId}:${normalize(code)}`)
    .digest('hex');

/** Uses up one unused backup code in one conditional UPDATE, so it works exactly once. */
export async function takeBackupCode({ db, clock }: CodeDeps, userId: number, code: string): Promise<boolean> {
  if (!/^[a-z0-9]{12}$/.test(normalize(code))) return false;
  const rows = await db.query(
    `UPDATE two_factor_backup_codes SET used_at = $3 WHERE id = (
       SELECT id FROM two_factor_backup_codes WHERE user_id = $1 AND code_hash = $2 AND used_at IS NULL LIMIT 1
     ) AND used_at IS NULL RETURNING id`,
    [userId, hashBackupCode(userId, code), clock().toISOString()],
  );
  return rows.length === 1;
}

/** A sign-in code: the current TOTP or an unused backup code. */
export async function takeSignInCode(services: CodeDeps, userId: number, code: string): Promise<boolean> {
  return /^\d{6}$/.test(normalize(code))
    ? takeTotp(services, userId, code, true)
    : takeBackupCode(services, userId, code);
}

/**
 * Ten new backup codes (12 characters, about 59 bits each, shown as xxxx-xxxx-xxxx), replacing
 * any earlier ones. Only their hashes are kept: the caller shows them once.
 */
export async function newBackupCodes(db: Queryable, userId: number): Promise<string[]> {
  const codes = Array.from({ length: BACKUP_CODE_COUNT }, () => {
    const raw = Array.from({ length: 12 }, () => BACKUP_ALPHABET[randomInt(BACKUP_ALPHABET.length)]).join('');
    return `${raw.slice(0, 4)}-${raw.slice(4, 8)}-${raw.slice(8)}`;
  });
  await db.query('DELETE FROM two_factor_backup_codes WHERE user_id = $1', [userId]);
  // Placeholders only ($2, $3, …): the codes' hashes go as parameters.
  const rows = codes.map((_, index) => `($1, $${index + 2})`).join(', ');
  await db.query(`INSERT INTO two_factor_backup_codes (user_id, code_hash) VALUES ${rows}`, [
    userId,
    ...codes.map((code) => hashBackupCode(userId, code)),
  ]);
  return codes;
}

export async function turnOff(db: Queryable, userId: number): Promise<void> {
  await db.query('DELETE FROM two_factor_backup_codes WHERE user_id = $1', [userId]);
  await db.query('DELETE FROM two_factor WHERE user_id = $1', [userId]);
}

/** How many of the player's backup codes are still unused. */
export async function backupCodesLeft(db: Queryable, userId: number): Promise<number> {
  const [left] = await db.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM two_factor_backup_codes WHERE user_id = $1 AND used_at IS NULL',
    [userId],
  );
  return left!.n;
}

/**
 * Starts the player's set-up, labelled with their email in the authenticator app; undefined when two-factor is already
 * on.
 */
export async function startPlayerSetup(services: Pick<Services, 'db' | 'privateKeys'>, userId: number) {
  const [user] = await services.db.query<{ email: string }>('SELECT email FROM users WHERE id = $1', [userId]);
  return startSetup(services, userId, user!.email);
}

/**
 * Confirms the set-up with a first code from the app and answers the new backup codes, in one
 * transaction; a wrong code is refused (InvalidInput on `code`) and changes nothing.
 */
export async function confirmSetup(
  services: Pick<Services, 'db' | 'privateKeys' | 'clock'>,
  userId: number,
  code: string,
): Promise<string[]> {
  return services.db.transaction(async (tx) => {
    if (!(await takeTotp({ ...services, db: tx }, userId, code, false)))
      throw InvalidInput.of('code', 'two_factor.code_wrong');
    return newBackupCodes(tx, userId);
  });
}
