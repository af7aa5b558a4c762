import type { Context } from 'hono';
import { checkEmail, hasProblems, normalizeEmail, type Problems } from '../../../core/api/validation.ts';
import type { AppEnv, Services } from '../app-env.ts';
import { readJson } from '../body.ts';
import { clientAddress } from '../client-address.ts';
import { fieldErrors } from '../errors.ts';
import { tidyAuthTables } from '../services/housekeeping.ts';
import { admitMailRequest, type MailRequest } from '../services/login-throttle.ts';
import { loadAccount, type Account } from '../services/users.ts';

/**
 * A `{email}` request for a mailed link (reset_password, resend_activation): the address checked
 * and counted against the mail limits, then its account if there is one and mail may go to it.
 * The caller answers 204 either way, so the answer says nothing about the account.
 */
export async function mailRequest(
  c: Context<AppEnv>,
  services: Services,
  kind: MailRequest,
): Promise<Account | undefined> {
  const input = await readJson(c, services);
  const problems: Problems = {};
  checkEmail(problems, input.email);
  if (hasProblems(problems)) throw fieldErrors(problems);
  const email = normalizeEmail(String(input.email));
  const { mayMail } = await admitMailRequest(services, kind, email, clientAddress(c, services.config.auth.trustProxy));
  await tidyAuthTables(services);
  const player = await loadAccount(services.db, 'email', email);
  return mayMail ? player : undefined;
}
