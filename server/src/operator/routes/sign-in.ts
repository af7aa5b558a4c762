import { randomBytes } from 'node:crypto';
import { Hono } from 'hono';
import { getCookie } from 'hono/cookie';
import { normalizeEmail } from '#core/api/validation.ts';
import type { Services } from '../../app-env.ts';
import { DUMMY_PASSWORD_HASH, hashPassword, verifyPassword } from '../../http/auth.ts';
import { clientAddress } from '../../http/client-address.ts';
import { countAttempt, resetCounter } from '../../services/rate-counters.ts';
import { admitSignIn, codeAskedFor, signInSucceeded } from '../../services/login-throttle.ts';
import { queuedPasswordWork } from '../../services/password-queue.ts';
import { pendingSetup, startSetup, STAFF_TOTP, twoFactorState } from '../../services/two-factor.ts';
import { audit } from '../services/audit.ts';
import { newStaffPasswordProblems } from '../services/staff-password-rules.ts';
import { readForm } from './form.ts';
import { ConsoleError } from '../services/console-error.ts';
import { say } from '../views/messages.ts';
import {
  clearConsoleCookie,
  requireCsrf,
  requireSession,
  requireStage,
  sameSecret,
  SESSION_COOKIE,
  setConsoleCookie,
  SIGN_IN_COOKIE,
  STAGE_PATHS,
  startSession,
} from '../services/session.ts';
import type { OperatorEnv, Stage } from '../operator-env.ts';
import {
  endStaffSession,
  replaceOneTimePassword,
  staffByEmail,
  staffPasswordHash,
  takeStaffCode,
} from '../services/staff-sign-in.ts';
import { csrfField, html, page, problemList } from '../views/view.ts';

const CODE_RULE = { code: { label: say('code.code'), max: 12, required: true } };

/**
 * Staff sign-in: password, then (first time) a new password and TOTP enrolment, then the code.
 * Attempts are counted like players' (same atomic counters, own keys) before any check.
 */
export function signInRoutes(services: Services) {
  const { db } = services;
  const app = new Hono<OperatorEnv>();
  const session = requireSession(services);

  const signInForm = (c: Parameters<typeof page>[0], notice?: string, error?: string, email = '') => {
    const token = randomBytes(24).toString('base64url');
    setConsoleCookie(c, services, SIGN_IN_COOKIE, token);
    return page(c, {
      title: say('sign_in.title'),
      notice,
      status: error ? 400 : 200,
      body: html`${error ? problemList([{ field: 'email', message: error }]) : ''}
<form method="post" action="/operator/sign-in" class="stack">
<input type="hidden" name="csrf" value="${token}">
<label for="email">${say('sign_in.email')}</label>
<input id="email" name="email" type="email" autocomplete="username" required value="${email}">
<label for="password">${say('sign_in.password')}</label>
<input id="password" name="password" type="password" autocomplete="current-password" required>
<button type="submit">${say('sign_in.submit')}</button>
</form>`,
    });
  };

  app.get('/operator/sign-in', (c) => {
    const notice = c.req.query('expired')
      ? say('sign_in.expired')
      : c.req.query('signed_out')
        ? say('sign_in.signed_out')
        : undefined;
    return signInForm(c, notice);
  });

  app.post('/operator/sign-in', async (c) => {
    const form = await readForm(c, {
      csrf: { label: 'csrf', max: 100 },
      email: { label: say('sign_in.email'), max: 254, required: true },
      password: { label: say('sign_in.password'), max: 200, required: true },
    });
    const expected = getCookie(c, SIGN_IN_COOKIE);
    if (!expected || !sameSecret(form.csrf, expected)) throw new ConsoleError(403, say('errors.csrf'));
    const email = normalizeEmail(form.email);
    const address = clientAddress(c, services.config.auth.trustProxy);
    await admitSignIn(services, email, address, 'operator-login');
    const staff = await staffByEmail(db, email);
    const valid = await queuedPasswordWork(services, () =>
      verifyPassword(form.password, staff?.password_hash ?? DUMMY_PASSWORD_HASH),
    );
    // A disabled account answers exactly as a wrong password does (no hint that it exists).
    if (!staff || !valid || staff.disabled) {
      // Who tried (the account, or the address typed when there is none), from where; never the password.
      await audit(db, {
        staffId: staff?.id ?? null,
        action: 'staff.sign_in_failed',
        targetType: staff ? 'staff' : 'staff_email',
        targetId: staff?.id ?? email,
        after: { address, reason: !staff ? 'unknown_email' : staff.disabled && valid ? 'disabled' : 'password' },
        at: services.clock(),
      });
      return signInForm(c, undefined, say('sign_in.failed'), form.email);
    }
    // The pair stays counted until the second factor is through, like a player's sign-in.
    await codeAskedFor(services, address, 'operator-login');
    const enrolled = (await twoFactorState(db, staff.id, STAFF_TOTP)) === 'on';
    const stage: Stage = staff.must_change_password ? 'password' : enrolled ? 'code' : 'enrol';
    const token = await startSession(db, staff.id, stage, services.clock(), services.config.operator.idleMinutes);
    clearConsoleCookie(c, SIGN_IN_COOKIE);
    setConsoleCookie(c, services, SESSION_COOKIE, token);
    return c.redirect(STAGE_PATHS[stage as Exclude<Stage, 'active'>], 303);
  });

  // The first sign-in: the one-time password is replaced by the staff member's own.
  app.on(['GET', 'POST'], '/operator/password', session, requireStage('password'), requireCsrf);
  const passwordForm = (c: Parameters<typeof page>[0], problems: { field: string; message: string }[] = []) =>
    page(c, {
      title: say('password.title'),
      status: problems.length ? 400 : 200,
      body: html`<p>${say('password.intro')}</p>${problemList(problems)}
<form method="post" action="/operator/password" class="stack">${csrfField(c.get('csrf'))}
<label for="new_password">${say('password.new')}</label>
<input id="new_password" name="new_password" type="password" autocomplete="new-password" required>
<label for="confirm_password">${say('password.confirm')}</label>
<input id="confirm_password" name="confirm_password" type="password" autocomplete="new-password" required>
<button type="submit">${say('password.submit')}</button>
</form>`,
    });
  app.get('/operator/password', (c) => passwordForm(c));
  app.post('/operator/password', async (c) => {
    const form = await readForm(c, {
      new_password: { label: say('password.new'), max: 200, required: true },
      confirm_password: { label: say('password.confirm'), max: 200, required: true },
    });
    const staff = c.get('staff');
    const messages = newStaffPasswordProblems(form.new_password, form.confirm_password, staff.email);
    const currentHash = await staffPasswordHash(db, staff.id);
    if (
      !messages.length &&
      (await queuedPasswordWork(services, () => verifyPassword(form.new_password, currentHash)))
    ) {
      messages.push({ field: 'new_password', message: say('password.same') });
    }
    if (messages.length) return passwordForm(c, messages);
    const hash = await queuedPasswordWork(services, () => hashPassword(form.new_password));
    // After a password reset the second factor may still be enrolled: then the code comes next.
    const next: Stage = (await twoFactorState(db, staff.id, STAFF_TOTP)) === 'on' ? 'code' : 'enrol';
    const token = await replaceOneTimePassword(services, staff.id, hash, c.get('sessionHash'), next);
    setConsoleCookie(c, services, SESSION_COOKIE, token);
    return c.redirect(STAGE_PATHS[next], 303);
  });

  // Enrolment: a new secret when the page is opened, kept after a mistyped code (the app may
  // already hold it), until a code confirms it.
  app.on(['GET', 'POST'], '/operator/two-factor/setup', session, requireStage('enrol'), requireCsrf);
  const enrolForm = async (c: Parameters<typeof page>[0], error?: string) => {
    const staff = c.get('staff');
    const setup =
      (error ? await pendingSetup(services, staff.id, staff.email, STAFF_TOTP) : undefined) ??
      (await startSetup(services, staff.id, staff.email, STAFF_TOTP));
    if (!setup) throw new ConsoleError(409, say('errors.forbidden'));
    const qr = `data:image/svg+xml;base64,${Buffer.from(setup.qr_svg).toString('base64')}`;
    return page(c, {
      title: say('enrol.title'),
      status: error ? 400 : 200,
      body: html`<p>${say('enrol.intro')}</p>${error ? problemList([{ field: 'code', message: error }]) : ''}
<p><img class="qr" src="${qr}" alt="${say('enrol.qr_alt')}" width="200" height="200"></p>
<p>${say('enrol.manual')} <code data-totp-secret>${setup.secret}</code></p>
${codeInput(c, '/operator/two-factor/setup', say('enrol.submit'))}`,
    });
  };
  app.get('/operator/two-factor/setup', (c) => enrolForm(c));
  app.post('/operator/two-factor/setup', async (c) => {
    const entry = {
      action: 'staff.two_factor_enrol',
      before: { two_factor: false },
      after: { two_factor: true },
    } as const;
    return (await takeCode(c, false, entry)) ? c.redirect('/operator', 303) : enrolForm(c, say('enrol.wrong'));
  });

  // Every later sign-in: the code.
  app.on(['GET', 'POST'], '/operator/two-factor', session, requireStage('code'), requireCsrf);
  const codeForm = (c: Parameters<typeof page>[0], error?: string) =>
    page(c, {
      title: say('code.title'),
      status: error ? 400 : 200,
      body: html`<p>${say('code.intro')}</p>${error ? problemList([{ field: 'code', message: error }]) : ''}
${codeInput(c, '/operator/two-factor', say('code.submit'))}`,
    });
  app.get('/operator/two-factor', (c) => codeForm(c));
  app.post('/operator/two-factor', async (c) =>
    (await takeCode(c, true, { action: 'staff.sign_in' }))
      ? c.redirect('/operator', 303)
      : codeForm(c, say('code.wrong')),
  );

  app.post('/operator/sign-out', session, requireCsrf, async (c) => {
    const staff = c.get('staff');
    await endStaffSession(services, staff.id, c.get('sessionHash'), c.get('stage') === 'active');
    clearConsoleCookie(c, SESSION_COOKIE);
    return c.redirect('/operator/sign-in?signed_out=1', 303);
  });

  /**
   * Takes the posted TOTP code of the set-up (`confirmed` false) or of the enrolled secret, counted
   * against the code limit. A right one audits `entry` and makes the session active, in one
   * transaction, and the sign-in pair's count starts again, as for players.
   */
  async function takeCode(
    c: Parameters<typeof page>[0],
    confirmed: boolean,
    entry: { action: 'staff.two_factor_enrol' | 'staff.sign_in'; before?: object; after?: object },
  ) {
    const form = await readForm(c, CODE_RULE);
    const staff = c.get('staff');
    await admitCode(services, staff.id);
    const token = await takeStaffCode(services, staff.id, c.get('sessionHash'), form.code, confirmed, entry);
    if (token !== undefined) setConsoleCookie(c, services, SESSION_COOKIE, token);
    if (token === undefined) {
      await audit(db, {
        staffId: staff.id,
        action: 'staff.code_failed',
        targetType: 'staff',
        targetId: staff.id,
        after: { address: clientAddress(c, services.config.auth.trustProxy), stage: confirmed ? 'sign_in' : 'enrol' },
        at: services.clock(),
      });
      return false;
    }
    await resetCounter(db, `operator-code:${staff.id}`);
    await signInSucceeded(services, staff.email, clientAddress(c, services.config.auth.trustProxy), 'operator-login');
    return true;
  }

  function codeInput(c: Parameters<typeof page>[0], action: string, submit: string) {
    return html`<form method="post" action="${action}" class="stack">${csrfField(c.get('csrf'))}
<label for="code">${say('code.code')}</label>
<input id="code" name="code" inputmode="numeric" autocomplete="one-time-code" pattern="[0-9 ]{6,7}" required>
<button type="submit">${submit}</button>
</form>`;
  }

  return app;
}

/** LOGIN_MAX_FAILURES codes per staff member per LOGIN_WINDOW_SECONDS (the same atomic counter). */
async function admitCode({ db, config, clock }: Services, staffId: number) {
  const [count] = await countAttempt(db, [`operator-code:${staffId}`], config.loginWindowSeconds, clock());
  if (count!.count > config.loginMaxFailures) {
    throw new ConsoleError(429, say('errors.rate_limited', { minutes: Math.ceil(count!.retryAfter / 60) }), {
      'Retry-After': String(count!.retryAfter),
    });
  }
}
