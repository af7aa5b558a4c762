import type { RiskConfig } from '../../config/risk-config.ts';
import type { Queryable } from '../../db/database.ts';
import { raiseAlert } from './risk-alert-raise.ts';

/**
 * harm.financial_vulnerability (UKGC SR 3.4.4, where the market asks: docs/markets.md): a deposit adds to
 * the player's net deposits in the window, a withdrawal request takes from them. One upsert appends the
 * movement, trims the window, and marks the alert fired when the net reaches the threshold and it has not
 * fired within the window; only then a second statement raises it. Never a read of the ledger.
 */
export async function recordNetDeposit(
  tx: Queryable,
  rule: NonNullable<RiskConfig['netDeposits']>,
  event: { userId: number; ref: string; amount: string; now: Date },
): Promise<void> {
  const entry = `jsonb_build_array(jsonb_build_object('at', $3::timestamptz, 'ref', $4::text, 'amount', $2::text))`;
  const windowed = (column: string) =>
    `(SELECT COALESCE(jsonb_agg(e), '[]'::jsonb) FROM jsonb_array_elements(${column} || ${entry}) e
       WHERE (e->>'at')::timestamptz > $3::timestamptz - make_interval(days => $5::int))`;
  const sum = (list: string) =>
    `(SELECT COALESCE(sum((e->>'amount')::numeric), 0) FROM jsonb_array_elements(${list}) e)`;
  const due = (alertedAt: string) =>
    `${sum(windowed('s.net_deposits'))} >= $6::numeric
       AND (${alertedAt} IS NULL OR ${alertedAt} <= $3::timestamptz - make_interval(days => $5::int))`;
  const [state] = await tx.query<{ net: string; fired: boolean; refs: string[] }>(
    `INSERT INTO risk_player_state AS s (user_id, net_deposits, net_deposits_alerted_at)
     VALUES ($1, ${entry}, CASE WHEN $2::numeric >= $6::numeric THEN $3::timestamptz END)
     ON CONFLICT (user_id) DO UPDATE SET
       net_deposits = ${windowed('s.net_deposits')},
       net_deposits_alerted_at = CASE WHEN ${due('s.net_deposits_alerted_at')} THEN $3::timestamptz
         ELSE s.net_deposits_alerted_at END
     RETURNING ${sum('net_deposits')}::text AS net, net_deposits_alerted_at = $3::timestamptz AS fired,
       (SELECT jsonb_agg(e->'ref') FROM jsonb_array_elements(net_deposits) e) AS refs`,
    [event.userId, event.amount, event.now.toISOString(), event.ref, rule.windowDays, rule.threshold],
  );
  if (!state!.fired) return;
  await raiseAlert(tx, {
    userId: event.userId,
    ruleId: 'harm.financial_vulnerability',
    evidence: {
      net_deposits: state!.net,
      threshold: rule.threshold,
      window_days: rule.windowDays,
      movements: state!.refs,
    },
    now: event.now,
  });
}
