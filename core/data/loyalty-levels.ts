/**
 * The loyalty levels, lowest first: the points each needs, nothing more, because a level brings no
 * reward the server pays (no cashback, no perks). Names live in the `loyal` message set.
 */
export const LOYALTY_LEVELS = [
  { id: 'bronze', points: 0 },
  { id: 'silver', points: 1_000 },
  { id: 'gold', points: 5_000 },
  { id: 'platinum', points: 20_000 },
  { id: 'diamond', points: 50_000 },
] as const;
