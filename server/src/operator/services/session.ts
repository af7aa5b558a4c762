import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { Context, MiddlewareHandler } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import * as v from 'valibot';
import type { Services } from '../../app-env.ts';
import { readFormFields } from '../../http/body-schema.ts';
import { hashToken } from '../../http/auth.ts';
import { clientIp } from '../../http/client-address.ts';
import { addressAllowed, allowList } from '../../http/address-allow-list.ts';
import type { Queryable } from '../../db/database.ts';
import { csrfForm } from '../../schemas/operator-form.ts';
import { ConsoleError } from './console-error.ts';
import type { OperatorEnv, Role, Stage } from '../operator-env.ts';
import { say } from '../views/messages.ts';

/** The console's session cookie: HttpOnly, SameSite=Strict, sent only to /operator. */
export const SESSION_COOKIE = 'operator_session';
/** Before sign-in there is no session: the sign-in form's token is a cookie of its own (double submit). */
export const SIGN_IN_COOKIE = 'operator_sign_in';
const PATH = '/operator';

const secure = (services: Services) => services.config.apiUrl.startsWith('https:');

export function setConsoleCookie(c: Context, services: Services, name: string, value: string) {
  setCookie(c, name, value, { path: PATH, httpOnly: true, sameSite: 'Strict', secure: secure(services) });
}

export const clearConsoleCookie = (c: Context, name: string) => deleteCookie(c, name, { path: PATH });

/**
 * Starts a session at `stage`; answers the cookie's value (only its hash is stored). Sessions idle
 * for longer than `idleMinutes` are deleted on the way, so the table holds only live ones.
 */
export async function startSession(
  tx: Queryable,
  staffId: number,
  stage: Stage,
  now: Date,
  idleMinutes: number,
): Promise<string> {
  await tx.query('DELETE FROM staff_sessions WHERE last_used_at <= $1::timestamptz - make_interval(mins => $2)', [
    now.toISOString(),
    idleMinutes,
  ]);
  const token = randomBytes(32).toString('hex');
  await tx.query(
    `INSERT INTO staff_sessions (key_hash, staff_id, stage, csrf_token, created_at, last_used_at)
      VALUES ($1, $2, $3, $4, $5, $5)`,
    [hashToken(token), staffId, stage, randomBytes(24).toString('base64url'), now.toISOString()],
  );
  return token;
}

/**
 * Moves a session to its next stage under a new cookie value, so a value seen before the second
 * factor never becomes a signed-in session (no fixation). Answers the new value, for the cookie
 * the caller sets once the transaction committed.
 */
export async function advanceSession(tx: Queryable, sessionHash: string, stage: Stage): Promise<string> {
  const token = randomBytes(32).toString('hex');
  await tx.query('UPDATE staff_sessions SET key_hash = $2, stage = $3 WHERE key_hash = $1', [
    sessionHash,
    hashToken(token),
    stage,
  ]);
  return token;
}

export const sameSecret = (a: string, b: string) => {
  // An empty secret is no secret: '' never matches, not even ''.
  if (!a || !b) return false;
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
};

/** 403 unless the client's address is allowed (the same address rule as the rate limits, TRUST_PROXY). */
export function allowedAddresses(services: Services): MiddlewareHandler<OperatorEnv> {
  const list = allowList(services.config.operator.allowedIps);
  return async (c, next) => {
    if (!addressAllowed(list, clientIp(c, services.config.auth.trustProxy))) {
      throw new ConsoleError(403, say('errors.address'));
    }
    await next();
  };
}

/** A player's `Authorization: Token …` never works here, whatever else the request carries. */
export const refusePlayerTokens: MiddlewareHandler<OperatorEnv> = async (c, next) => {
  if (c.req.header('authorization')) throw new ConsoleError(403, say('errors.player_token'));
  await next();
};

/**
 * Loads the session of the cookie. It ends OPERATOR idle minutes (30) after its last request,
 * measured on the services' clock. Without a live one, a page view goes to the sign-in form
 * and anything else is refused.
 */
export function requireSession(services: Services): MiddlewareHandler<OperatorEnv> {
  const idleMs = services.config.operator.idleMinutes * 60_000;
  return async (c, next) => {
    const token = getCookie(c, SESSION_COOKIE);
    const keyHash = token && /^[0-9a-f]{64}$/.test(token) ? hashToken(token) : undefined;
    const [row] = keyHash
      ? await services.db.query<{
          staff_id: number;
          email: string;
          role: Role;
          stage: Stage;
          csrf_token: string;
          last_used_at: Date | string;
        }>(
          `SELECT s.staff_id, f.email, f.role, s.stage, s.csrf_token, s.last_used_at
           FROM staff_sessions s JOIN staff f ON f.id = s.staff_id WHERE s.key_hash = $1 AND f.disabled_at IS NULL`,
          [keyHash],
        )
      : [];
    const now = services.clock();
    if (!row || now.getTime() - new Date(row.last_used_at).getTime() >= idleMs) {
      if (row) await services.db.query('DELETE FROM staff_sessions WHERE key_hash = $1', [keyHash]);
      clearConsoleCookie(c, SESSION_COOKIE);
      if (c.req.method === 'GET' || c.req.method === 'HEAD')
        return c.redirect(row ? '/operator/sign-in?expired=1' : '/operator/sign-in', 303);
      throw new ConsoleError(403, say('errors.not_signed_in'));
    }
    await services.db.query('UPDATE staff_sessions SET last_used_at = $2 WHERE key_hash = $1', [
      keyHash,
      now.toISOString(),
    ]);
    c.set('staff', { id: row.staff_id, email: row.email, role: row.role });
    c.set('stage', row.stage);
    c.set('csrf', row.csrf_token);
    c.set('sessionHash', keyHash!);
    await next();
  };
}

/** Where each unfinished sign-in stage continues. */
export const STAGE_PATHS: Record<Exclude<Stage, 'active'>, string> = {
  password: '/operator/password',
  enrol: '/operator/two-factor/setup',
  code: '/operator/two-factor',
};

/** Only a session at this stage may use the route; any other goes where its stage continues. */
export function requireStage(stage: Stage): MiddlewareHandler<OperatorEnv> {
  return async (c, next) => {
    const current = c.get('stage');
    if (current === stage) return next();
    if (c.req.method !== 'GET') throw new ConsoleError(403, say('errors.forbidden'));
    return c.redirect(current === 'active' ? '/operator' : STAGE_PATHS[current], 303);
  };
}

/** Every change carries the session's CSRF token as the form field `csrf`. */
export const requireCsrf: MiddlewareHandler<OperatorEnv> = async (c, next) => {
  if (c.req.method !== 'GET' && c.req.method !== 'HEAD') {
    const sent = v.safeParse(csrfForm, (await readFormFields(c)) ?? {});
    if (!sent.success || !sameSecret(sent.output.csrf, c.get('csrf'))) throw new ConsoleError(403, say('errors.csrf'));
  }
  await next();
};
