import { Hono } from 'hono';
import { API_PATHS, type LoginResponse, type RegisterResponse } from '#core/api/contract.ts';
import type { AppEnv, Services } from '../app-env.ts';
import {
  DUMMY_PASSWORD_HASH,
  hashPassword,
  hashToken,
  issueToken,
  requireUser,
  tokenExpiry,
  tokenOf,
  verifyPassword,
} from '../http/auth.ts';
import { parseBody } from '../http/body-schema.ts';
import { clientAddress } from '../http/client-address.ts';
import { detailError, fieldError } from '../http/errors.ts';
import { loginBody, registerBody } from '../schemas/auth.ts';
import { blockedRegistrationMail, codesLockedMail, registrationAttemptMail } from '../mail/messages.ts';
import { mailActivation } from './activation.ts';
import { tidyAuthTables } from '../services/housekeeping.ts';
import {
  admitMailRequest,
  admitRegistration,
  admitSignIn,
  admitSignInCode,
  codeAskedFor,
  signInCodeSucceeded,
  signInSucceeded,
} from '../services/login-throttle.ts';
import { queuedPasswordWork } from '../services/password-queue.ts';
import { registerPlayer } from '../services/registration.ts';
import { deviceSummary, maskAddress, recordSignIn } from '../services/sessions.ts';
import { signOutEverywhereWithProviders, signOutWithProviders } from '../services/provider-client/provider-sign-out.ts';
import { takeSignInCode, twoFactorState } from '../services/two-factor.ts';
import { activeBlock, blockOf, refuseIfBlocked } from '../services/rg/exclusion.ts';
import { loadAccount } from '../services/users.ts';
import { isSuspended } from '../services/account-admin.ts';
import { admitSignInByRegister } from '../services/markets/exclusion-check.ts';
import { recordRiskEvent } from '../services/risk/risk-events.ts';
import { localizedPath } from '#core/i18n/urls.ts';

/** Registration (Djoser's SEND_ACTIVATION_EMAIL model), sign-in and sign-out with Djoser's shapes and status codes. */
export function authRoutes(services: Services) {
  const { db, config } = services;
  const app = new Hono<AppEnv>();
  const passwordWork = <T>(job: () => Promise<T>) => queuedPasswordWork(services, job);

  // The same answer, body and work (one scrypt hash, one transaction) whether or not the
  // address has an account: a new one is created inactive and mailed its activation link, an
  // existing one's owner is mailed a notice. Mail goes out after the answer.
  app.post(API_PATHS.register, async (c) => {
    const {
      email,
      username,
      password,
      date_of_birth,
      ref,
      time_zone,
      marketing_consent,
      country,
      deposit_limit_cents,
    } = await parseBody(c, services, registerBody(services.clock()));

    // Safer gambling: a self-excluded or timed-out address cannot open an account either, but the
    // answer is the same as for any registration: the address already has an
    // account, so nothing is created, and its owner is mailed the end date of their block.
    await admitRegistration(services, clientAddress(c, config.auth.trustProxy));
    await tidyAuthTables(services);
    const passwordHash = await passwordWork(() => hashPassword(password));
    const { mayMail } = await admitMailRequest(services, 'activation', email);
    const outcome = await registerPlayer(services, {
      email,
      username,
      passwordHash,
      ref,
      locale: c.get('locale'),
      dateOfBirth: date_of_birth,
      timeZone: time_zone,
      marketingConsent: marketing_consent,
      country,
      depositLimitCents: deposit_limit_cents,
      signupAddress: maskAddress(clientAddress(c, config.auth.trustProxy)),
    });
    if (mayMail) {
      if (outcome.created) {
        mailActivation(services, { email, username, locale: c.get('locale') }, outcome.created.link);
      } else {
        const owner = await loadAccount(db, 'email', email);
        const block = owner ? activeBlock(await blockOf(db, email), services.clock()) : undefined;
        if (owner && block) services.mailer.dispatch(blockedRegistrationMail(owner, block.kind, block.until));
        else if (owner)
          services.mailer.dispatch(
            registrationAttemptMail(owner, `${config.siteUrl}${localizedPath('/', owner.locale)}`),
          );
      }
    }
    return c.json<RegisterResponse>(
      { email, username, ...(outcome.refIgnored ? { ref_ignored: true as const } : {}) },
      201,
    );
  });

  app.post(API_PATHS.login, async (c) => {
    const { email, password, code, deviceId } = await parseBody(c, services, loginBody);
    const address = clientAddress(c, config.auth.trustProxy);

    // Counted before the password is checked, so parallel attempts cannot outrun the limit.
    await admitSignIn(services, email, address);
    await tidyAuthTables(services);
    const user = await loadAccount(db, 'email', email);
    const valid = await passwordWork(() => verifyPassword(password, user?.password_hash ?? DUMMY_PASSWORD_HASH));
    if (!user || !valid) throw fieldError('non_field_errors', 'login_failed');
    // Only after the right password, so only someone who knows it learns the account waits for
    // activation: they made it, or they could sign in anyway once it is active.
    if (!user.activated_at) {
      await signInSucceeded(services, email, address);
      throw fieldError('inactive_account', 'account.inactive');
    }
    // Only after the password: the block is nobody else's business.
    refuseIfBlocked(await blockOf(db, email), services.clock(), c.get('locale'), 'sign_in');
    // Suspended by staff: refused, with the address where support explains why.
    if (await isSuspended(db, user.id))
      throw detailError(403, 'account.suspended', { email: config.mail.supportEmail });
    // The market's self-exclusion register, where its profile checks one at every sign-in (fails closed).
    await admitSignInByRegister(services, user.id);
    // With two-factor sign-in, the right password alone is not a success: the attempt stays
    // counted until a right code comes with it, so guessing codes runs into the same limit.
    if ((await twoFactorState(db, user.id)) === 'on') {
      if (code === undefined) {
        await codeAskedFor(services, address);
        throw fieldError('code', 'two_factor.code_required');
      }
      const { last } = await admitSignInCode(services, user.id);
      if (!(await takeSignInCode(services, user.id, code))) {
        if (last)
          services.mailer.dispatch(
            codesLockedMail(user, config.auth.twoFactorCodeWindowSeconds, config.mail.supportEmail),
          );
        throw fieldError('code', 'two_factor.code_wrong');
      }
      await signInCodeSucceeded(services, user.id);
    }
    await signInSucceeded(services, email, address);
    const { first } = await recordSignIn(db, user.id, c.get('locale'), services.clock());
    const origin = { device: deviceSummary(c.req.header('user-agent')), ip: maskAddress(address) };
    const issuedAt = services.clock();
    const auth_token = await issueToken(db, user.id, issuedAt, origin);
    await recordRiskEvent(db, {
      kind: 'sign_in',
      rules: config.risk,
      userId: user.id,
      deviceId,
      network: origin.ip || undefined,
      now: issuedAt,
    });
    const expires_at = tokenExpiry(config, issuedAt.getTime(), issuedAt.getTime()).toISOString();
    return c.json<LoginResponse>(first ? { auth_token, expires_at, first_sign_in: true } : { auth_token, expires_at });
  });

  app.post(API_PATHS.logout, requireUser(services), async (c) => {
    await signOutWithProviders(services, hashToken(tokenOf(c.req.header('authorization'))!), c.get('userId'));
    return c.body(null, 204);
  });

  app.post(API_PATHS.logoutAll, requireUser(services), async (c) => {
    await signOutEverywhereWithProviders(services, c.get('userId'));
    return c.body(null, 204);
  });

  return app;
}
