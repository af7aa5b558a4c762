import { Hono } from 'hono';
import { API_PATHS } from '#core/api/contract.ts';
import type { AppEnv, Services } from '../app-env.ts';
import { parseBody } from '../http/body-schema.ts';
import { fieldError } from '../http/errors.ts';
import { activationBody } from '../schemas/auth.ts';
import { activationMail, type Recipient } from '../mail/messages.ts';
import { activateAccount, decodeUid, newLink } from '../services/link-tokens.ts';
import { loadAccount } from '../services/users.ts';
import { mailRequest } from './mail-request.ts';

/** Mails the activation link (after the answer), saying for how many hours it works. */
export function mailActivation({ config, mailer }: Services, player: Recipient, link: string) {
  mailer.dispatch(activationMail(player, link, Math.max(1, Math.round(config.mail.activationTimeoutSeconds / 3600))));
}

/** Account activation with Djoser's paths, fields and answers (SEND_ACTIVATION_EMAIL). */
export function activationRoutes(services: Services) {
  const { db } = services;
  const app = new Hono<AppEnv>();

  app.post(API_PATHS.activation, async (c) => {
    const input = await parseBody(c, services, activationBody);
    const userId = decodeUid(input.uid);
    const player = userId ? await loadAccount(db, 'id', userId) : undefined;
    if (!player) throw fieldError('uid', 'password_reset.uid_invalid');
    const activated = await activateAccount(services, player.id, input.token);
    if (!activated) throw fieldError('token', 'password_reset.token_invalid');
    return c.body(null, 204);
  });

  // 204 for every well-formed address, like reset_password: a new link goes only to an account
  // that waits for activation, after the answer, within the per-email mail limit.
  app.post(API_PATHS.resendActivation, async (c) => {
    const player = await mailRequest(c, services, 'activation');
    if (player && !player.activated_at) {
      const link = await newLink(services, db, 'activation', player);
      mailActivation(services, player, link);
    }
    return c.body(null, 204);
  });

  return app;
}
