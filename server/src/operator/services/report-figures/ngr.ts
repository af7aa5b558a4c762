/**
 * NGR and its parts as SQL over a ledger row `l` joined to its history item `t`, shared by the
 * dashboard and the reports so that both count the same movements:
 * - bonus cost: cash credited by bonus items (a bonus released to cash) and referral rewards;
 * - staff adjustments: balance adjustments by staff, credits less debits (either account), a cost of their own;
 * - NGR = GGR − bonus cost − staff adjustments.
 */
export const BONUS_COST_AMOUNT = `CASE WHEN t.type IN ('bonus', 'referral') AND l.account = 'cash' AND l.amount > 0
  THEN l.amount END`;

export const ADJUSTMENT_AMOUNT = `CASE WHEN t.type = 'adjustment' THEN l.amount END`;

/** NGR from three SQL expressions (sums that may be NULL where a period has none). */
export const ngrOf = (ggr: string, bonusCost: string, adjustments: string) =>
  `COALESCE(${ggr}, 0) - COALESCE(${bonusCost}, 0) - COALESCE(${adjustments}, 0)`;
