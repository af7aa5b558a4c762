import type { RiskConfig } from '../../config/risk-config.ts';
import type { Queryable } from '../../db/database.ts';
import type { RuleId } from './risk-rules.ts';
import { raiseAlerts } from './risk-alert-raise.ts';
import { jsonWindow } from './risk-window.ts';
import { localNight } from './local-night.ts';

/**
 * A settled round as the rules hear it: its whole stake, its win, the cash balance after it, and the
 * account's time zone (for night-time play; UTC without one).
 */
export interface SettledRound {
  userId: number;
  stake: string;
  win: string;
  balance: string;
  timeZone?: string | null;
  now: Date;
}

// $1 user, $2 stake, $3 cash balance after, $4 now, $5 win, $6 chase minutes, $7 session gap minutes, $8 session hours,
// $9 the local night's day (null by day).
const NOW = '$4::timestamptz';

/** Where the current session began: this round, when the previous one is a gap or more ago. */
const SESSION_START = `CASE WHEN s.last_round_at IS NULL OR s.last_round_at <= ${NOW} - make_interval(mins => $7::int)
  THEN ${NOW} ELSE COALESCE(s.session_started_at, ${NOW}) END`;

/** The round as a night round: `[{at, day}]` with the player's local day ($9, null by day), else `[]`. */
const NIGHT_ENTRY = `CASE WHEN $9::text IS NULL THEN '[]'::jsonb
  ELSE jsonb_build_array(jsonb_build_object('at', ${NOW}, 'day', $9::text)) END`;

/** This round as one step of a loss chase when the previous round lost and this stake is larger. */
const CHASE_STEP = `CASE WHEN s.last_round_lost AND $2::numeric > s.last_stake
  THEN ${jsonWindow(
    's.chase_steps',
    `jsonb_build_array(jsonb_build_object('at', ${NOW}, 'stake', $2::text, 'after', s.last_stake::text))`,
    `${NOW} - make_interval(mins => $6::int)`,
  )} ELSE '[]'::jsonb END`;

const inNightWindow = (days: number) =>
  `(SELECT count(*)::int FROM jsonb_array_elements(night_days) e
    WHERE (e->>'at')::timestamptz > ${NOW} - interval '${days} days')`;

/**
 * A settled round, in one upsert of the player's state: its stake counts as play since the newest
 * deposit, a balance left at zero starts the rapid re-deposit clock, and the play rules advance —
 * the run of rising stakes after losses (harm.loss_chasing), the session's start (harm.long_session,
 * told once per session) and the local days with night-time play (harm.night_play, told when a new
 * night joins enough others). The rules that fire are raised together in one more statement.
 */
export async function recordRound(tx: Queryable, rules: RiskConfig, round: SettledRound): Promise<void> {
  const [state] = await tx.query<{
    chase_steps: { at: string; stake: string; after: string }[];
    session_started_at: Date;
    long_session: boolean | null;
    night_added: boolean;
    night_days: { at: string; day: string }[];
    nights_7d: number;
    nights_30d: number;
  }>(
    `INSERT INTO risk_player_state AS s (user_id, wagered_since_deposit, zero_balance_at, last_stake, last_round_lost,
       last_round_at, session_started_at, night_days)
     VALUES ($1, $2::numeric, CASE WHEN $3::numeric = 0 THEN ${NOW} END, $2::numeric, $5::numeric < $2::numeric,
       ${NOW}, ${NOW}, ${NIGHT_ENTRY})
     ON CONFLICT (user_id) DO UPDATE SET
       wagered_since_deposit = s.wagered_since_deposit + EXCLUDED.wagered_since_deposit,
       zero_balance_at = COALESCE(EXCLUDED.zero_balance_at, s.zero_balance_at),
       last_stake = EXCLUDED.last_stake,
       last_round_lost = EXCLUDED.last_round_lost,
       chase_steps = ${CHASE_STEP},
       last_round_at = ${NOW},
       session_started_at = ${SESSION_START},
       long_session_alerted_at = CASE WHEN ${NOW} - (${SESSION_START}) >= make_interval(hours => $8::int)
         AND (s.long_session_alerted_at IS NULL OR s.long_session_alerted_at < ${SESSION_START})
         THEN ${NOW} ELSE s.long_session_alerted_at END,
       night_days = ${jsonWindow(
         's.night_days',
         `CASE WHEN EXISTS (SELECT 1 FROM jsonb_array_elements(s.night_days) e
            WHERE e->>'day' = EXCLUDED.night_days->0->>'day') THEN '[]'::jsonb ELSE EXCLUDED.night_days END`,
         `${NOW} - interval '30 days'`,
       )}
     RETURNING chase_steps, session_started_at, long_session_alerted_at = ${NOW} AS long_session,
       EXISTS (SELECT 1 FROM jsonb_array_elements(night_days) e WHERE (e->>'at')::timestamptz = ${NOW}) AS night_added,
       night_days, ${inNightWindow(7)} AS nights_7d, ${inNightWindow(30)} AS nights_30d`,
    [
      round.userId,
      round.stake,
      round.balance,
      round.now.toISOString(),
      round.win,
      rules.chaseMinutes,
      rules.sessionGapMinutes,
      rules.sessionHours,
      localNight(round.now, round.timeZone),
    ],
  );
  const fired: { userId: number; ruleId: RuleId; evidence: Record<string, unknown> }[] = [];
  const { userId } = round;
  if (state!.chase_steps.length >= rules.chaseSteps)
    fired.push({
      userId,
      ruleId: 'harm.loss_chasing',
      evidence: { steps: state!.chase_steps, within_minutes: rules.chaseMinutes },
    });
  if (state!.long_session)
    fired.push({
      userId,
      ruleId: 'harm.long_session',
      evidence: { session_started_at: state!.session_started_at, hours: rules.sessionHours },
    });
  if (state!.night_added && (state!.nights_7d >= rules.nightDays7d || state!.nights_30d >= rules.nightDays30d))
    fired.push({
      userId,
      ruleId: 'harm.night_play',
      evidence: { days: state!.night_days.map((night) => night.day), nights_7d: state!.nights_7d },
    });
  await raiseAlerts(tx, fired, round.now);
}
