import { toCents } from '../api/money.ts';

/**
 * What a settled round is to the player (UKGC RTS 7: a loss is never presented as a win):
 * `win` only when the payout exceeds the total stake; `return` when something comes back but no
 * more than was staked (a slot line smaller than the bet, roulette's la partage, a baccarat tie
 * on a player or banker bet); `loss` when nothing comes back.
 */
export type PayoutKind = 'win' | 'return' | 'loss';

export function payoutKind(stake: string, payout: string): PayoutKind {
  const paid = toCents(payout) ?? 0n;
  if (paid === 0n) return 'loss';
  return paid > (toCents(stake) ?? 0n) ? 'win' : 'return';
}
