import type { MarketProfile } from '../markets/market-profile.ts';
import type { RunValues } from './variables.ts';

export type Severity = 'low' | 'medium' | 'high';

/** The risk desk's rule thresholds and alert deadlines (docs/risk.md). */
export interface RiskConfig {
  /** aml.cycling: a cycle is a withdrawal after a deposit with settled stakes below this share of it (decimal). */
  cyclingPlayShare: string;
  /** aml.cycling: more cycles than this in 30 days raise the alert. */
  cyclingMax: number;
  /** aml.deposits_no_sof: completed deposits in 30 days reaching this amount raise the alert. */
  deposits30d: string;
  /** Source of funds: while a request is unreviewed, a withdrawal above this amount is refused. */
  sofWithdrawalThreshold: string;
  /** harm.rapid_redeposit: a deposit within this many minutes of a round leaving the balance at zero. */
  redepositMinutes: number;
  /** harm.rapid_redeposit: this many re-deposits in 24 hours raise the alert. */
  redepositPerDay: number;
  /** aml.structuring: the amount at which one deposit needs due diligence. */
  structuringThreshold: string;
  /** aml.structuring: a deposit within this share below the threshold is "just under" it (decimal). */
  structuringMargin: string;
  /** aml.structuring: this many deposits just under the threshold in 24 hours raise the alert. */
  structuringPerDay: number;
  /** harm.loss_chasing: this many losing rounds in a row each followed by a larger stake, within `chaseMinutes`. */
  chaseSteps: number;
  chaseMinutes: number;
  /** harm.long_session: a session this many hours long; a pause of `sessionGapMinutes` ends one. */
  sessionHours: number;
  sessionGapMinutes: number;
  /** harm.night_play: local days with a round between 00:00 and 06:00, in 7 and in 30 days. */
  nightDays7d: number;
  nightDays30d: number;
  /** harm.declined_deposits: declined deposits in 24 hours. */
  declinedDeposits24h: number;
  /** harm.limit_raise_after_hit: a limit raise this many hours or fewer after a limit refused the player. */
  limitRaiseHours: number;
  /** link.shared_network: this many accounts (this one included) signing in from one address in 30 days. */
  sharedNetworkAccounts: number;
  /** Hours staff have to resolve an alert, per severity. */
  slaHours: Record<Severity, number>;
  /** harm.financial_vulnerability: net deposits in a window that raise it, when the market asks (docs/markets.md). */
  netDeposits?: { threshold: string; windowDays: number };
}

/** The risk settings, from variables already parsed (config/variables.ts). */
export function riskConfigFrom(values: RunValues, market?: MarketProfile): RiskConfig {
  const vulnerability = market?.rules.financialVulnerability;
  return {
    cyclingPlayShare: values.RISK_CYCLING_PLAY_SHARE,
    cyclingMax: values.RISK_CYCLING_MAX,
    deposits30d: values.RISK_DEPOSITS_30D,
    sofWithdrawalThreshold: values.RISK_SOF_WITHDRAWAL_THRESHOLD,
    redepositMinutes: values.RISK_REDEPOSIT_MINUTES,
    redepositPerDay: values.RISK_REDEPOSIT_PER_DAY,
    structuringThreshold: values.RISK_STRUCTURING_THRESHOLD,
    structuringMargin: values.RISK_STRUCTURING_MARGIN,
    structuringPerDay: values.RISK_STRUCTURING_PER_DAY,
    chaseSteps: values.RISK_CHASE_STEPS,
    chaseMinutes: values.RISK_CHASE_MINUTES,
    sessionHours: values.RISK_SESSION_HOURS,
    sessionGapMinutes: values.RISK_SESSION_GAP_MINUTES,
    nightDays7d: values.RISK_NIGHT_DAYS_7D,
    nightDays30d: values.RISK_NIGHT_DAYS_30D,
    declinedDeposits24h: values.RISK_DECLINED_DEPOSITS_24H,
    limitRaiseHours: values.RISK_LIMIT_RAISE_HOURS,
    sharedNetworkAccounts: values.RISK_SHARED_NETWORK_ACCOUNTS,
    slaHours: {
      high: values.RISK_SLA_HOURS_HIGH,
      medium: values.RISK_SLA_HOURS_MEDIUM,
      low: values.RISK_SLA_HOURS_LOW,
    },
    ...(vulnerability
      ? { netDeposits: { threshold: vulnerability.netDeposits, windowDays: vulnerability.windowDays } }
      : {}),
  };
}
