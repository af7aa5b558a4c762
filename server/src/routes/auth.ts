import { Hono } from 'hono';
import { API_PATHS, type LoginResponse, type RegisterResponse } from '../../../src/api/contract.ts';
import { checkPasswordStrength } from '../../../src/api/password-strength.ts';
import { checkRegistration, checkSignIn, hasProblems, normalizeEmail, normalizeUsername } from '../../../src/api/validation.ts';
import type { AppEnv, Services } from '../app-env.ts';
import { DUMMY_PASSWORD_HASH, hashPassword, hashToken, issueToken, requireUser, tokenOf, verifyPassword } from '../auth.ts';
import { readJson } from '../body.ts';
import { isUniqueViolation } from '../db/database.ts';
import { detailError, fieldError, fieldErrors } from '../errors.ts';
import { notify } from '../services/history.ts';
import { newReferralCode } from '../services/users.ts';

/** Registration, sign-in and sign-out with Djoser's shapes and status codes. */
export function authRoutes(services: Services) {
  const { db, config } = services;
  const app = new Hono<AppEnv>();

  app.post(API_PATHS.register, async (c) => {
    const input = await readJson(c, services);
    const problems = checkRegistration(input);
    checkPasswordStrength(problems, input.password, [input.email, input.username]);
    if (hasProblems(problems)) throw fieldErrors(problems);
    const email = normalizeEmail(String(input.email));
    const username = normalizeUsername(String(input.username));
    const ref = typeof input.ref === 'string' && input.ref.trim() ? input.ref.trim().toUpperCase() : undefined;

    const passwordHash = await hashPassword(String(input.password));
    const user = await db.transaction(async (tx) => {
      const [email_taken] = await tx.query('SELECT 1 FROM users WHERE email = $1', [email]);
      const [username_taken] = await tx.query('SELECT 1 FROM users WHERE lower(username) = lower($1)', [username]);
      if (email_taken || username_taken) {
        throw fieldErrors({
          ...(email_taken ? { email: [{ key: 'email_taken' }] } : {}),
          ...(username_taken ? { username: [{ key: 'username_taken' }] } : {}),
        });
      }
      let referrer: number | null = null;
      if (ref) {
        const [row] = await tx.query<{ id: number }>('SELECT id FROM users WHERE referral_code = $1', [ref]);
        if (!row) throw fieldError('ref', 'ref_unknown');
        referrer = row.id;
      }
      const [created] = await tx.query<RegisterResponse>(
        `INSERT INTO users (email, username, password_hash, currency, referral_code, referred_by)
         VALUES ($1, $2, $3, $4, $5, $6) RETURNING id, email, username`,
        [email, username, passwordHash, config.currency, newReferralCode(), referrer],
      );
      await notify(tx, created!.id, 'welcome');
      return created!;
    }).catch((error: unknown) => {
      // Two registrations racing for one address: the unique index decides, the loser gets a 400.
      if (!isUniqueViolation(error)) throw error;
      const field = String((error as { constraint?: string }).constraint).includes('username') ? 'username' : 'email';
      throw fieldError(field, `${field}_taken`);
    });
    return c.json(user, 201);
  });

  app.post(API_PATHS.login, async (c) => {
    const input = await readJson(c, services);
    const problems = checkSignIn(input);
    if (hasProblems(problems)) throw fieldErrors(problems);
    const email = normalizeEmail(String(input.email));

    const [recent] = await db.query<{ failures: number; oldest: Date | null }>(
      `SELECT count(*)::int AS failures, min(failed_at) AS oldest FROM login_failures
       WHERE email = $1 AND failed_at > now() - make_interval(secs => $2)`,
      [email, config.loginWindowSeconds],
    );
    if (recent && recent.failures >= config.loginMaxFailures) {
      const retryAt = new Date(recent.oldest!).getTime() + config.loginWindowSeconds * 1000;
      const retryAfter = Math.max(1, Math.ceil((retryAt - Date.now()) / 1000));
      throw detailError(429, 'login_throttled', undefined, { 'Retry-After': String(retryAfter) });
    }

    const [user] = await db.query<{ id: number; password_hash: string }>('SELECT id, password_hash FROM users WHERE email = $1', [email]);
    const valid = await verifyPassword(String(input.password), user?.password_hash ?? DUMMY_PASSWORD_HASH);
    if (!user || !valid) {
      await db.query('INSERT INTO login_failures (email) VALUES ($1)', [email]);
      throw fieldError('non_field_errors', 'login_failed');
    }
    await db.query('DELETE FROM login_failures WHERE email = $1', [email]);
    return c.json<LoginResponse>({ auth_token: await issueToken(db, user.id) });
  });

  app.post(API_PATHS.logout, requireUser(services), async (c) => {
    await db.query('DELETE FROM auth_tokens WHERE key_hash = $1', [hashToken(tokenOf(c.req.header('authorization'))!)]);
    return c.body(null, 204);
  });

  return app;
}
