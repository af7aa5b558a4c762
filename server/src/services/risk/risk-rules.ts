import type { Severity } from '../../config/risk-config.ts';

export type RuleId =
  | 'aml.cycling'
  | 'aml.deposits_no_sof'
  | 'aml.structuring'
  | 'harm.rapid_redeposit'
  | 'harm.financial_vulnerability'
  | 'harm.loss_chasing'
  | 'harm.long_session'
  | 'harm.night_play'
  | 'harm.declined_deposits'
  | 'harm.limit_raise_after_hit'
  | 'link.shared_document'
  | 'link.shared_device'
  | 'link.shared_network'
  | 'link.shared_withdrawal_destination'
  | 'link.shared_payment_instrument'
  | 'doc.shared_number'
  | 'doc.identity_mismatch'
  | 'market.register_unreachable'
  | 'payment.chargeback';

export interface RiskRule {
  id: RuleId;
  severity: Severity;
  /** What staff read in the queue; docs/risk.md says the same with the rule's source. */
  description: string;
}

/** The rules the engine evaluates (docs/risk.md lists their thresholds and sources). */
export const RISK_RULES: Record<RuleId, RiskRule> = {
  'aml.cycling': {
    id: 'aml.cycling',
    severity: 'high',
    description: 'Deposits withdrawn with little play in between, repeatedly within 30 days',
  },
  'aml.deposits_no_sof': {
    id: 'aml.deposits_no_sof',
    severity: 'medium',
    description: 'Deposits in 30 days above the source-of-funds threshold',
  },
  'aml.structuring': {
    id: 'aml.structuring',
    severity: 'medium',
    description: 'Several deposits in a day each just under the due-diligence threshold',
  },
  'harm.rapid_redeposit': {
    id: 'harm.rapid_redeposit',
    severity: 'medium',
    description: 'Re-deposits within minutes of the balance reaching zero, repeatedly in a day',
  },
  'harm.financial_vulnerability': {
    id: 'harm.financial_vulnerability',
    severity: 'medium',
    description: 'Net deposits in the window reached the market’s financial-vulnerability threshold',
  },
  'harm.loss_chasing': {
    id: 'harm.loss_chasing',
    severity: 'medium',
    description: 'Stakes rising after losses: several losing rounds in a row, each followed by a larger stake',
  },
  'harm.long_session': {
    id: 'harm.long_session',
    severity: 'low',
    description: 'One session of play lasting longer than the configured hours',
  },
  'harm.night_play': {
    id: 'harm.night_play',
    severity: 'low',
    description: 'Play between 00:00 and 06:00 local time on several days',
  },
  'harm.declined_deposits': {
    id: 'harm.declined_deposits',
    severity: 'medium',
    description: 'Repeated declined or cancelled deposits within 24 hours',
  },
  'harm.limit_raise_after_hit': {
    id: 'harm.limit_raise_after_hit',
    severity: 'medium',
    description: 'A limit increase asked soon after a limit refused a deposit or a stake',
  },
  'link.shared_document': {
    id: 'link.shared_document',
    severity: 'high',
    description: 'The same identity document file uploaded by another account',
  },
  'link.shared_device': {
    id: 'link.shared_device',
    severity: 'high',
    description: 'Another account signed in from the same device (the random id this site keeps in the browser)',
  },
  'link.shared_network': {
    id: 'link.shared_network',
    severity: 'low',
    description: 'Several accounts signed in from one network address within 30 days (a weak signal: shared networks)',
  },
  'link.shared_withdrawal_destination': {
    id: 'link.shared_withdrawal_destination',
    severity: 'high',
    description: 'A withdrawal to a destination another account has withdrawn to',
  },
  'link.shared_payment_instrument': {
    id: 'link.shared_payment_instrument',
    severity: 'high',
    description: 'A deposit with a payment instrument (card or IBAN, by its keyed hash) another account deposited with',
  },
  'doc.shared_number': {
    id: 'doc.shared_number',
    severity: 'high',
    description: 'The same identity document number, read by staff at approval, is on another account',
  },
  'doc.identity_mismatch': {
    id: 'doc.identity_mismatch',
    severity: 'high',
    description: "The name or date of birth read from an approved identity document differs from the account's",
  },
  // Raised at sign-in (services/markets/exclusion-check.ts) when the market's self-exclusion register did not answer.
  'market.register_unreachable': {
    id: 'market.register_unreachable',
    severity: 'high',
    description: "The market's self-exclusion register did not answer at the player's sign-in: sign-in was refused",
  },
  // Raised by staff recording a chargeback (services/deposit-reversals.ts), not by the engine's thresholds.
  'payment.chargeback': {
    id: 'payment.chargeback',
    severity: 'high',
    description: 'A deposit was charged back: withdrawals are held until the risk desk has looked',
  },
};
