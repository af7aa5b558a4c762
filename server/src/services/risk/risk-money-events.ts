import { toCents } from '#core/api/money.ts';
import type { RiskConfig } from '../../config/risk-config.ts';
import type { Queryable } from '../../db/database.ts';
import { raiseAlert } from './risk-alert-raise.ts';
import { jsonWindow } from './risk-window.ts';

/**
 * The money rules, evaluated from the player's running state (risk_player_state) by one upsert per
 * event; a rule that fires adds one more statement, the alert's. The windows are trimmed in the
 * same statement, so nothing here ever reads the ledger.
 */

/** A JSON window `column` with `added` appended, keeping only entries newer than `$3 - span`. */
const window = (column: string, added: string, span: string) =>
  jsonWindow(column, added, `$3::timestamptz - interval '${span}'`);

/**
 * A completed deposit, recorded after its credit (so the player's balance already includes it):
 * it starts a new play-since-deposit count, joins the 30-day deposits, and is a rapid re-deposit
 * when the balance was zero before it and a round left it at zero within the configured minutes.
 * The same window gives the day's deposits just under the due-diligence threshold (structuring).
 */
export async function recordDeposit(
  tx: Queryable,
  rules: RiskConfig,
  event: { userId: number; paymentId: string; amount: string; now: Date },
): Promise<void> {
  const entry = `jsonb_build_array(jsonb_build_object('at', $3::timestamptz, 'ref', $4::text, 'amount', $2::text))`;
  const [state] = await tx.query<{
    deposits_30d: string;
    deposit_refs: string[];
    rapid_refs: string[];
    structuring_refs: string[];
    sof_reviewed: boolean;
  }>(
    `INSERT INTO risk_player_state AS s (user_id, last_deposit_amount, last_deposit_ref, deposits)
     VALUES ($1, $2::numeric, $4, ${entry})
     ON CONFLICT (user_id) DO UPDATE SET
       last_deposit_amount = EXCLUDED.last_deposit_amount,
       last_deposit_ref = EXCLUDED.last_deposit_ref,
       wagered_since_deposit = 0,
       deposits = ${window('s.deposits', entry, '30 days')},
       rapid_redeposits = ${window(
         's.rapid_redeposits',
         `CASE WHEN s.zero_balance_at >= $3::timestamptz - make_interval(mins => $5::int)
            AND (SELECT balance FROM users WHERE id = $1) = $2::numeric THEN ${entry} ELSE '[]'::jsonb END`,
         '24 hours',
       )},
       zero_balance_at = NULL
     RETURNING
       (SELECT COALESCE(sum((e->>'amount')::numeric), 0)::text FROM jsonb_array_elements(deposits) e) AS deposits_30d,
       (SELECT jsonb_agg(e->'ref') FROM jsonb_array_elements(deposits) e) AS deposit_refs,
       (SELECT COALESCE(jsonb_agg(e->'ref'), '[]'::jsonb) FROM jsonb_array_elements(rapid_redeposits) e) AS rapid_refs,
       (SELECT COALESCE(jsonb_agg(e->'ref'), '[]'::jsonb) FROM jsonb_array_elements(deposits) e
         WHERE (e->>'at')::timestamptz > $3::timestamptz - interval '24 hours'
           AND (e->>'amount')::numeric < $6::numeric
           AND (e->>'amount')::numeric >= $6::numeric * (1 - $7::numeric)) AS structuring_refs,
       -- Staff reviewed the player's source of funds (services/source-of-funds.ts): no deposits_no_sof.
       EXISTS (SELECT 1 FROM source_of_funds_requests r WHERE r.user_id = $1 AND r.state = 'reviewed')
         AS sof_reviewed`,
    [
      event.userId,
      event.amount,
      event.now.toISOString(),
      event.paymentId,
      rules.redepositMinutes,
      rules.structuringThreshold,
      rules.structuringMargin,
    ],
  );
  const { userId, now } = event;
  const total = state!.deposits_30d;
  if (toCents(total)! >= toCents(rules.deposits30d)! && !state!.sof_reviewed)
    await raiseAlert(tx, {
      userId,
      ruleId: 'aml.deposits_no_sof',
      evidence: { deposits_30d: total, threshold: rules.deposits30d, payments: state!.deposit_refs },
      now,
    });
  if (state!.structuring_refs.length >= rules.structuringPerDay)
    await raiseAlert(tx, {
      userId,
      ruleId: 'aml.structuring',
      evidence: {
        threshold: rules.structuringThreshold,
        margin: rules.structuringMargin,
        payments: state!.structuring_refs,
      },
      now,
    });
  if (state!.rapid_refs.length >= rules.redepositPerDay)
    await raiseAlert(tx, {
      userId,
      ruleId: 'harm.rapid_redeposit',
      evidence: { within_minutes: rules.redepositMinutes, payments: state!.rapid_refs },
      now,
    });
}

/**
 * A withdrawal request: when the stakes settled since the newest deposit are below the configured
 * share of it, the pair is a deposit-withdraw cycle; more than the configured number of cycles in
 * 30 days raise aml.cycling. A deposit counts once, however many withdrawals follow it.
 */
export async function recordWithdrawal(
  tx: Queryable,
  rules: RiskConfig,
  event: { userId: number; withdrawalId: number; now: Date },
): Promise<void> {
  const cycle = `CASE WHEN s.last_deposit_amount > 0 AND s.wagered_since_deposit < s.last_deposit_amount * $2::numeric
    THEN jsonb_build_array(jsonb_build_object('at', $3::timestamptz, 'deposit', s.last_deposit_ref,
      'withdrawal', $4::int, 'wagered', s.wagered_since_deposit::text, 'deposited', s.last_deposit_amount::text))
    ELSE '[]'::jsonb END`;
  const [state] = await tx.query<{ cycles: Record<string, unknown>[] }>(
    `INSERT INTO risk_player_state AS s (user_id) VALUES ($1)
     ON CONFLICT (user_id) DO UPDATE SET cycles = ${window('s.cycles', cycle, '30 days')}, last_deposit_amount = 0
     RETURNING cycles`,
    [event.userId, rules.cyclingPlayShare, event.now.toISOString(), event.withdrawalId],
  );
  if (state!.cycles.length > rules.cyclingMax)
    await raiseAlert(tx, {
      userId: event.userId,
      ruleId: 'aml.cycling',
      evidence: { play_share_below: rules.cyclingPlayShare, cycles: state!.cycles },
      now: event.now,
    });
}
