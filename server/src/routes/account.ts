import { Hono, type Context } from 'hono';
import {
  API_PATHS,
  CLOSE_REASON_MAX_LENGTH,
  PAYMENT_METHODS,
  type CloseAccountResponse,
} from '../../../core/api/contract.ts';
import { checkDestination } from '../../../core/api/destination-rules.ts';
import { checkEmail, hasProblems, normalizeEmail, type Problems } from '../../../core/api/validation.ts';
import { formatMoney } from '../../../core/i18n/money-format.ts';
import type { AppEnv, Services } from '../app-env.ts';
import { requireUser, verifyPassword } from '../auth.ts';
import { readJson } from '../body.ts';
import { clientAddress } from '../client-address.ts';
import { detailError, fieldError, fieldErrors } from '../errors.ts';
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
    const input = await readJson(c, services);
    const problems: Problems = {};
    if (typeof input.current_password !== 'string' || !input.current_password)
      problems.current_password = [{ key: 'required' }];
    const emailProblems: Problems = {};
    checkEmail(emailProblems, input.new_email);
    if (emailProblems.email) problems.new_email = emailProblems.email;
    if (hasProblems(problems)) throw fieldErrors(problems);
    const player = await checkPassword(c, 'current_password', input.current_password);
    const newEmail = normalizeEmail(String(input.new_email));
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
    const input = await readJson(c, services);
    const problems: Problems = {};
    if (typeof input.uid !== 'string' || !input.uid) problems.uid = [{ key: 'required' }];
    if (typeof input.token !== 'string' || !/^[0-9a-f]{40}$/.test(input.token))
      problems.token = [{ key: input.token ? 'password_reset.token_invalid' : 'required' }];
    if (hasProblems(problems)) throw fieldErrors(problems);
    const userId = decodeUid(String(input.uid));
    if (!userId) throw fieldError('uid', 'password_reset.uid_invalid');
    const changed = await confirmEmailChange(services, userId, String(input.token));
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
    const input = await readJson(c, services);
    const problems: Problems = {};
    if (typeof input.password !== 'string' || !input.password) problems.password = [{ key: 'required' }];
    const reason = input.reason === undefined || input.reason === null ? '' : input.reason;
    if (typeof reason !== 'string') problems.reason = [{ key: 'not_a_string' }];
    else if ([...reason].length > CLOSE_REASON_MAX_LENGTH)
      problems.reason = [{ key: 'too_long', params: { max: CLOSE_REASON_MAX_LENGTH } }];
    let payout: { method: string; destination: string } | undefined;
    if (input.method !== undefined || input.destination !== undefined) {
      if (!PAYMENT_METHODS.includes(input.method as never))
        problems.method = [{ key: input.method === undefined ? 'required' : 'method_invalid' }];
      const destination = checkDestination(problems, input.method, input.destination);
      if (destination !== undefined && !problems.method) payout = { method: String(input.method), destination };
    }
    if (hasProblems(problems)) throw fieldErrors(problems);
    const player = await checkPassword(c, 'password', input.password);
    const userId = player.id;
    const outcome = await inPlayerQueue(userId, async () =>
      closeAccount(services, userId, String(reason).trim(), payout, await isVerified(db, userId)),
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
