import type { Context } from 'hono';
import type { AppEnv, Services } from '../app-env.ts';
import { parseBody } from '../http/body-schema.ts';
import { clientAddress } from '../http/client-address.ts';
import { mailRequestBody } from '../schemas/auth.ts';
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
  const { email } = await parseBody(c, services, mailRequestBody);
  const { mayMail } = await admitMailRequest(services, kind, email, clientAddress(c, services.config.auth.trustProxy));
  await tidyAuthTables(services);
  const player = await loadAccount(services.db, 'email', email);
  return mayMail ? player : undefined;
}
