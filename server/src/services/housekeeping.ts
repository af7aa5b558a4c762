import type { Services } from '../app-env.ts';
import { deleteUnactivatedAccounts, eraseClosedAccounts } from './account.ts';
import { pruneLinkTokens } from './link-tokens.ts';
import { pruneCounters } from './rate-counters.ts';
import { EMAIL_CHANGE_HOURS } from './account-admin.ts';
import { pruneWalletTokens } from './wallet-api/tokens.ts';
import { pruneStreamTables } from './live-stream/stream-tickets.ts';

const EVERY_MS = 60_000;
const lastRun = new WeakMap<object, number>();

/**
 * Deletes ended rate-limit windows and expired tokens (sign-in, link and wallet tokens), at most once
 * a minute per database, from the requests that add such rows. No timer: nothing to stop at shutdown or in tests.
 */
export async function tidyAuthTables(services: Services): Promise<void> {
  const { db, config, clock } = services;
  const now = clock();
  const last = lastRun.get(db);
  if (last !== undefined && now.getTime() - last < EVERY_MS) return;
  lastRun.set(db, now.getTime());
  await pruneCounters(
    db,
    Math.max(config.loginWindowSeconds, config.auth.registerWindowSeconds, config.mail.resetWindowSeconds),
    now,
  );
  await pruneLinkTokens(services, now);
  await pruneWalletTokens(services, now);
  await pruneStreamTables(services, now);
  await db.query(
    `DELETE FROM auth_tokens
      WHERE last_used_at <= $1::timestamptz - make_interval(days => $2)
      OR created_at <= $1::timestamptz - make_interval(days => $3)`,
    [now.toISOString(), config.auth.tokenIdleDays, config.auth.tokenMaxAgeDays],
  );
  // A player's own link lives ACTIVATION_TIMEOUT; a link staff sent lives EMAIL_CHANGE_HOURS.
  await db.query(
    `DELETE FROM email_changes
      WHERE created_at <= $1::timestamptz
        - make_interval(secs => CASE WHEN staff_id IS NULL THEN $2::int ELSE $3::int END)`,
    [now.toISOString(), config.mail.activationTimeoutSeconds, EMAIL_CHANGE_HOURS * 3600],
  );
  // docs/account.md: closed accounts past ACCOUNT_RETENTION_DAYS, never-activated ones past UNACTIVATED_ACCOUNT_DAYS.
  await eraseClosedAccounts(services, now);
  await deleteUnactivatedAccounts(services, now);
}
