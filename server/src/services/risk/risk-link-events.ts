import type { RiskConfig } from '../../config/risk-config.ts';
import type { Queryable } from '../../db/database.ts';
import { linkedAlertsSql } from './risk-link-alerts.ts';
import { RISK_RULES } from './risk-rules.ts';

const SHARED_DEVICE = RISK_RULES['link.shared_device'];
const SHARED_NETWORK = RISK_RULES['link.shared_network'];
const SHARED_DESTINATION = RISK_RULES['link.shared_withdrawal_destination'];
const SHARED_INSTRUMENT = RISK_RULES['link.shared_payment_instrument'];

/**
 * A sign-in: the browser's device id (when it sent a valid one) is kept for the account, and other
 * accounts seen with it raise link.shared_device on all of them, each linked — one statement. The
 * network address (as sign-ins keep it, masked: sign_in_addresses) shared with enough other accounts
 * within 30 days raises link.shared_network on this account only, a weak signal (NAT, offices,
 * mobile carriers) — one more statement.
 */
export async function recordSignInLinks(
  tx: Queryable,
  rules: RiskConfig,
  event: { userId: number; deviceId?: string; network?: string; now: Date },
): Promise<void> {
  const now = event.now.toISOString();
  if (event.deviceId)
    await tx.query(
      `WITH seen AS (
         INSERT INTO risk_devices (device_id, user_id, first_seen_at, last_seen_at) VALUES ($2::uuid, $1, $3, $3)
         ON CONFLICT (device_id, user_id) DO UPDATE SET last_seen_at = EXCLUDED.last_seen_at
       ), others AS (SELECT user_id FROM risk_devices WHERE device_id = $2::uuid AND user_id <> $1),
       ${linkedAlertsSql({ user: '$1', rule: '$4', severity: '$5', now: '$3', evidence: `'{}'::jsonb` })}`,
      [event.userId, event.deviceId, now, SHARED_DEVICE.id, SHARED_DEVICE.severity],
    );
  if (event.network)
    await tx.query(
      `WITH others AS (
         SELECT user_id FROM sign_in_addresses
         WHERE ip = $2 AND user_id <> $1 AND last_seen_at > $3::timestamptz - interval '30 days'
       )
       INSERT INTO risk_alerts (user_id, rule_id, severity, evidence, created_at, updated_at)
       SELECT $1, $4, $5, jsonb_build_object('linked_users', (SELECT jsonb_agg(user_id) FROM others),
         'accounts', (SELECT count(*) FROM others) + 1), $3, $3
       WHERE (SELECT count(*) FROM others) + 1 >= $6
       ON CONFLICT (user_id, rule_id) WHERE state <> 'resolved'
       DO UPDATE SET evidence = EXCLUDED.evidence, updated_at = EXCLUDED.updated_at`,
      [event.userId, event.network, now, SHARED_NETWORK.id, SHARED_NETWORK.severity, rules.sharedNetworkAccounts],
    );
}

/**
 * A withdrawal request: when another account's withdrawals went to the same destination (as the
 * withdrawal records it: transactions.destination, indexed), raises
 * link.shared_withdrawal_destination on all of them, each linked — one statement. A card is kept
 * only as its last four digits, which many cards share, so cards are never compared.
 */
export async function recordWithdrawalDestination(
  tx: Queryable,
  event: { userId: number; withdrawalId: number; method: string; destination: string; now: Date },
): Promise<void> {
  if (event.method === 'card' || !event.destination) return;
  await tx.query(
    `WITH others AS (
       SELECT DISTINCT user_id FROM transactions
       WHERE type = 'withdrawal' AND destination = $2 AND user_id <> $1
     ), ${linkedAlertsSql({
       user: '$1',
       rule: '$4',
       severity: '$5',
       now: '$3',
       evidence: `jsonb_build_object('withdrawal', $6::int)`,
     })}`,
    [
      event.userId,
      event.destination,
      event.now.toISOString(),
      SHARED_DESTINATION.id,
      SHARED_DESTINATION.severity,
      event.withdrawalId,
    ],
  );
}

/**
 * A completed deposit with a payment instrument (its keyed hash, payments.instrument_hash, indexed):
 * when other accounts completed deposits with the same one, raises link.shared_payment_instrument on
 * all of them, each linked — one statement.
 */
export async function recordPaymentInstrument(
  tx: Queryable,
  event: { userId: number; paymentId: string; instrumentHash: string; now: Date },
): Promise<void> {
  await tx.query(
    `WITH others AS (
       SELECT DISTINCT user_id FROM payments
       WHERE instrument_hash = $2 AND user_id <> $1 AND status = 'completed'
     ), ${linkedAlertsSql({
       user: '$1',
       rule: '$4',
       severity: '$5',
       now: '$3',
       evidence: `jsonb_build_object('payment', $6::text)`,
     })}`,
    [
      event.userId,
      event.instrumentHash,
      event.now.toISOString(),
      SHARED_INSTRUMENT.id,
      SHARED_INSTRUMENT.severity,
      event.paymentId,
    ],
  );
}
