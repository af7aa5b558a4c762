import { Hono, type Context } from 'hono';
import { API_PATHS, type CloseAccountResponse } from '#core/api/contract.ts';
import { formatMoney } from '#core/i18n/money-format.ts';
import type { AppEnv, Services } from '../app-env.ts';
import { requireUser, verifyPassword } from '../http/auth.ts';
import { parseBody } from '../http/body-schema.ts';
import { clientAddress } from '../http/client-address.ts';
import { detailError, fieldError } from '../http/errors.ts';
import { accountClosedMail, emailChangeMail, emailChangeNoticeMail, emailChangeTakenMail } from '../mail/messages.ts';
import {
  closeAccount,
  confirmEmailChange,
  emailChangeTimeoutSeconds,
  emailInUse,
  maskEmail,
  newEmailChangeLink,
} from '../services/account.ts';
import { exportStream } from '../services/data-export.ts';
import { decodeUid } from '../services/link-tokens.ts';
import { admitMailRequest, admitSignIn, signInSucceeded } from '../services/login-throttle.ts';
import { passwordWork as queuedPasswordWork } from '../services/password-queue.ts';
import { inPlayerQueue } from '../services/per-player-queue.ts';
import { closeAccountBody, setEmailBody, setEmailConfirmBody } from '../schemas/account.ts';
import { loadAccount } from '../services/users.ts';
import { isVerified } from '../services/verifications.ts';

/**
 * The player's own account (docs/account.md): change the email address (Djoser's
 * set_email shape, confirmed by a link to the new address), download one's data, close the account.
 */
export function accountRoutes(services: Services) {
  const { db, config } = services;
  const app = new Hono<AppEnv>();
  const passwordWork = queuedPasswordWork(services);

  /** The signed-in player's password, checked like set_password: wrong ones count as failed sign-ins. */
  async function checkPassword(c: Context<AppEnv>, field: string, password: unknown) {
    const player = (await loadAccount(db, 'id', c.get('userId')))!;
    const address = clientAddress(c, config.auth.trustProxy);
    await admitSignIn(services, player.email, address);
    if (!(await passwordWork(() => verifyPassword(String(password), player.password_hash)))) {
      throw fieldError(field, 'password_reset.current_password_invalid');
    }
    await signInSucceeded(services, player.email, address);
    return player;
  }

  // 204 whether the new address is free or taken: a free one gets the confirmation link, a taken
  // one's owner a notice; the old address is told either way. Mail goes out after the answer.
  app.post(API_PATHS.setEmail, requireUser(services), async (c) => {
    const { current_password: password, new_email: newEmail } = await parseBody(c, services, setEmailBody);
    const player = await checkPassword(c, 'current_password', password);
    if (newEmail.toLowerCase() === player.email.toLowerCase()) throw fieldError('new_email', 'account.email_same');
    // Counted per new address like reset mails: nobody floods a mailbox through this form.
    const { mayMail } = await admitMailRequest(services, 'reset', newEmail);
    if (mayMail) {
      if (await emailInUse(db, newEmail)) {
        services.mailer.dispatch(emailChangeTakenMail(player, newEmail));
      } else {
        const link = await newEmailChangeLink(services, player, newEmail);
        services.mailer.dispatch(
          emailChangeMail(player, newEmail, link, Math.round(emailChangeTimeoutSeconds(services) / 3600)),
        );
      }
    }
    services.mailer.dispatch(
      emailChangeNoticeMail(player, maskEmail(newEmail), services.clock(), config.mail.supportEmail),
    );
    return c.body(null, 204);
  });

  // Signed in or not (the link may be opened on another device): the token proves the new
  // mailbox, the password was proven when it was asked for.
  app.post(API_PATHS.setEmailConfirm, async (c) => {
    const input = await parseBody(c, services, setEmailConfirmBody);
    const userId = decodeUid(input.uid);
    if (!userId) throw fieldError('uid', 'password_reset.uid_invalid');
    const changed = await confirmEmailChange(services, userId, input.token);
    return c.json({ email: changed });
  });

  app.get(API_PATHS.exportData, requireUser(services), (c) => {
    const userId = c.get('userId');
    const now = services.clock();
    const stream = exportStream(db, userId, now, (error) => console.error('[export] stopped', error));
    return c.body(stream, 200, {
      'Content-Type': 'application/json; charset=utf-8',
      'Content-Disposition': `attachment; filename="amberplay-data-${now.toISOString().slice(0, 10)}.json"`,
      'Cache-Control': 'no-store',
    });
  });

  app.post(API_PATHS.closeAccount, requireUser(services), async (c) => {
    const { password, reason, payout } = await parseBody(c, services, closeAccountBody);
    const player = await checkPassword(c, 'password', password);
    const userId = player.id;
    const outcome = await inPlayerQueue(userId, async () =>
      closeAccount(services, userId, reason, payout, await isVerified(db, userId)),
    );
    if (!outcome.closed) {
      const balance = formatMoney(outcome.balance, config.currency, c.get('locale'));
      if (outcome.reason === 'unverified') throw detailError(409, 'account.close_unverified', { balance });
      throw fieldError('method', 'account.close_payout_needed', { balance });
    }
    services.mailer.dispatch(
      accountClosedMail(
        player,
        services.clock(),
        config.accountRetentionDays,
        outcome.payout ? formatMoney(outcome.payout.amount, config.currency, player.locale) : undefined,
      ),
    );
    return c.json<CloseAccountResponse>({
      closed: true,
      payout: outcome.payout
        ? { id: outcome.payout.id, amount: outcome.payout.amount, currency: config.currency }
        : null,
    });
  });

  return app;
}
