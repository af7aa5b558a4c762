import { atom } from 'nanostores';
import type { BalanceEvent } from '../../core/api/contract';
import { $user } from './session';

type Figures = Pick<BalanceEvent, 'balance' | 'bonus_balance'>;

/**
 * True while a game round is being played and not yet shown: the wallet has already moved on the
 * server, but the balance on screen must not tell the result before the reels, wheel or cards do.
 */
export const $balanceHeld = atom(false);
/** The newest figures the live stream sent while the balance was held. */
let waiting: Figures | undefined;

function apply({ balance, bonus_balance }: Figures) {
  const user = $user.get();
  if (user) $user.set({ ...user, balance, bonus_balance });
}

/** The game frame started a round: the shown balance stays as it is until `releaseBalance`. */
export function holdBalance() {
  $balanceHeld.set(true);
}

/** The round's result is on screen: the figures that arrived meanwhile (the newest) are shown now. */
export function releaseBalance() {
  $balanceHeld.set(false);
  const figures = waiting;
  waiting = undefined;
  if (figures) apply(figures);
}

/** A balance from the live stream: shown at once, or kept for the release while a round is held. */
export function offerBalance(figures: Figures) {
  if ($balanceHeld.get()) waiting = { balance: figures.balance, bonus_balance: figures.bonus_balance };
  else apply(figures);
}
