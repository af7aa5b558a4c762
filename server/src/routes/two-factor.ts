import { Hono, type Context } from 'hono';
import {
  API_PATHS,
  type TwoFactorActivateResponse,
  type TwoFactorConfirmResponse,
  type TwoFactorStatus,
} from '#core/api/contract.ts';
import type { AppEnv, Services } from '../app-env.ts';
import { requireUserOn } from '../http/auth.ts';
import { parseBody } from '../http/body-schema.ts';
import { clientAddress } from '../http/client-address.ts';
import { checkCurrentPassword } from '../services/current-password.ts';
import { fieldError } from '../http/errors.ts';
import { twoFactorCodeBody, twoFactorPasswordBody } from '../schemas/account.ts';
import { admitTwoFactorChange, twoFactorChangeSucceeded } from '../services/login-throttle.ts';
import { twoFactorChanged } from '../services/security-notices.ts';
import {
  backupCodesLeft,
  confirmSetup,
  startPlayerSetup,
  takeSignInCode,
  turnOff,
  twoFactorState,
} from '../services/two-factor.ts';

/** Two-factor sign-in (TOTP, RFC 6238): set-up, confirmation with backup codes, and turning it off. */
export function twoFactorRoutes(services: Services) {
  const { db } = services;
  const app = new Hono<AppEnv>();
  requireUserOn(app, services, [
    API_PATHS.twoFactorStatus,
    API_PATHS.twoFactorActivate,
    API_PATHS.twoFactorConfirm,
    API_PATHS.twoFactorDeactivate,
  ]);

  app.get(API_PATHS.twoFactorStatus, async (c) => {
    const userId = c.get('userId');
    const enabled = (await twoFactorState(db, userId)) === 'on';
    const left = await backupCodesLeft(db, userId);
    return c.json<TwoFactorStatus>({ enabled, backup_codes_left: enabled ? left : 0 });
  });

  /**
   * Turning two-factor on or off needs the current password (Djoser's `current_password`), counted
   * like set_password: a stolen token alone must not be able to lock the owner out.
   */
  async function requirePassword(c: Context<AppEnv>, input: { current_password: string }) {
    await checkCurrentPassword(
      services,
      {
        userId: c.get('userId'),
        address: clientAddress(c, services.config.auth.trustProxy),
        password: input.current_password,
      },
      'current_password',
      'password_reset.current_password_invalid',
    );
  }

  app.post(API_PATHS.twoFactorActivate, async (c) => {
    const userId = c.get('userId');
    await requirePassword(c, await parseBody(c, services, twoFactorPasswordBody));
    const setup = await startPlayerSetup(services, userId);
    if (!setup) throw fieldError('non_field_errors', 'two_factor.already_on');
    return c.json<TwoFactorActivateResponse>(setup);
  });

  app.post(API_PATHS.twoFactorConfirm, async (c) => {
    const userId = c.get('userId');
    const input = await parseBody(c, services, twoFactorCodeBody);
    await requirePassword(c, input);
    await admitTwoFactorChange(services, userId);
    const state = await twoFactorState(db, userId);
    if (state === 'on') throw fieldError('non_field_errors', 'two_factor.already_on');
    if (state === 'off') throw fieldError('non_field_errors', 'two_factor.not_started');
    const backup_codes = await confirmSetup(services, userId, input.code);
    await twoFactorChangeSucceeded(services, userId);
    await twoFactorChanged(services, userId, true);
    return c.json<TwoFactorConfirmResponse>({ backup_codes });
  });

  app.post(API_PATHS.twoFactorDeactivate, async (c) => {
    const userId = c.get('userId');
    // A stolen session must not be able to guess its way to turning the second factor off.
    const input = await parseBody(c, services, twoFactorCodeBody);
    await requirePassword(c, input);
    await admitTwoFactorChange(services, userId);
    if ((await twoFactorState(db, userId)) !== 'on') throw fieldError('non_field_errors', 'two_factor.not_on');
    if (!(await takeSignInCode(services, userId, input.code))) throw fieldError('code', 'two_factor.code_wrong');
    await turnOff(db, userId);
    await twoFactorChangeSucceeded(services, userId);
    await twoFactorChanged(services, userId, false);
    return c.body(null, 204);
  });

  return app;
}
