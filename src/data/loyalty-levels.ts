/** The loyalty levels, lowest first. Names and perks live in the `loyal` message set. */
export const LOYALTY_LEVELS = [
  { id: 'bronze', points: 0, cashbackBasisPoints: 50 },
  { id: 'silver', points: 1_000, cashbackBasisPoints: 100 },
  { id: 'gold', points: 5_000, cashbackBasisPoints: 150 },
  { id: 'platinum', points: 20_000, cashbackBasisPoints: 200 },
  { id: 'diamond', points: 50_000, cashbackBasisPoints: 300 },
] as const;

export type LoyaltyLevelId = (typeof LOYALTY_LEVELS)[number]['id'];
