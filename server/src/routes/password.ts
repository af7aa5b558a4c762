import { Hono } from 'hono';
import { API_PATHS } from '#core/api/contract.ts';
import { checkPasswordStrength } from '#core/api/password-strength.ts';
import { checkNewPassword, hasProblems, type Problems } from '#core/api/validation.ts';
import type { AppEnv, Services } from '../app-env.ts';
import { hashPassword, hashToken, requireUser, tokenOf, verifyPassword } from '../http/auth.ts';
import { parseBody } from '../http/body-schema.ts';
import { resetConfirmBody, setPasswordBody } from '../schemas/auth.ts';
import { clientAddress } from '../http/client-address.ts';
import { twoFactorState } from '../services/two-factor.ts';
import { fieldError, fieldErrors } from '../http/errors.ts';
import { passwordChangedMail, passwordResetMail } from '../mail/messages.ts';
import { admitSignIn, clearSignInLocks, signInSucceeded } from '../services/login-throttle.ts';
import { mailRequest } from './mail-request.ts';
import { passwordWork as queuedPasswordWork } from '../services/password-queue.ts';
import { changePassword, resetPasswordWithLink } from '../services/passwords.ts';
import { decodeUid, linkTokenValid, newLink } from '../services/link-tokens.ts';
import { loadAccount, type Account as Player } from '../services/users.ts';

/** Password reset by email and password change, with Djoser's paths, fields and answers. */
export function passwordRoutes(services: Services) {
  const { db, config } = services;
  const app = new Hono<AppEnv>();
  const passwordWork = queuedPasswordWork(services);

  const loadPlayer = (where: 'id' | 'email', value: number | string) => loadAccount(db, where, value);

  /** The registration rules for `new_password`, with the player's own email and username. */
  function checkNew(password: string, player: Player) {
    const problems: Problems = {};
    checkNewPassword(problems, password, player.email, player.username);
    checkPasswordStrength(problems, password, [player.email, player.username], 'new_password');
    if (hasProblems(problems)) throw fieldErrors(problems);
  }

  // 204 for any well-formed address, known or not, limited or not: the answer and its timing
  // (the mail goes out after the answer) say nothing about whether an account exists.
  app.post(API_PATHS.resetPassword, async (c) => {
    const player = await mailRequest(c, services, 'reset');
    if (player) {
      const link = await newLink(services, db, 'password_reset', player);
      const twoFactor = (await twoFactorState(db, player.id)) === 'on';
      services.mailer.dispatch(
        passwordResetMail(player, link, Math.round(config.mail.resetTimeoutSeconds / 60), twoFactor),
      );
    }
    return c.body(null, 204);
  });

  app.post(API_PATHS.resetPasswordConfirm, async (c) => {
    const input = await parseBody(c, services, resetConfirmBody);
    const userId = decodeUid(input.uid);
    const player = userId ? await loadPlayer('id', userId) : undefined;
    if (!player) throw fieldError('uid', 'password_reset.uid_invalid');
    const token = input.token;
    if (!(await linkTokenValid(services, 'password_reset', player.id, token)))
      throw fieldError('token', 'password_reset.token_invalid');
    const password = input.new_password;
    checkNew(password, player);
    const passwordHash = await passwordWork(() => hashPassword(password));
    await resetPasswordWithLink(services, player.id, token, passwordHash);
    await clearSignInLocks(services, player.email);
    services.mailer.dispatch(passwordChangedMail(player, services.clock(), services.config.mail.supportEmail));
    return c.body(null, 204);
  });

  app.post(API_PATHS.setPassword, requireUser(services), async (c) => {
    const input = await parseBody(c, services, setPasswordBody);
    const player = (await loadPlayer('id', c.get('userId')))!;
    const address = clientAddress(c, config.auth.trustProxy);
    // Wrong current passwords count as failed sign-ins, so a borrowed session cannot guess it.
    await admitSignIn(services, player.email, address);
    const valid = await passwordWork(() => verifyPassword(input.current_password, player.password_hash));
    if (!valid) throw fieldError('current_password', 'password_reset.current_password_invalid');
    await signInSucceeded(services, player.email, address);
    const password = input.new_password;
    checkNew(password, player);
    const passwordHash = await passwordWork(() => hashPassword(password));
    const current = hashToken(tokenOf(c.req.header('authorization'))!);
    await changePassword(services, player.id, passwordHash, current);
    services.mailer.dispatch(passwordChangedMail(player, services.clock(), services.config.mail.supportEmail));
    return c.body(null, 204);
  });

  return app;
}
