import { compareMoney } from '../api/money';
import { $lowBalanceOpen } from './dialogs';
import { $user } from './session';

/** At or below this balance the player is invited to deposit. */
export const LOW_BALANCE = '0.50';

/** Decimal-safe: "0.50" is low, "0.51" is not. */
export const isLowBalance = (balance: string) => compareMoney(balance, LOW_BALANCE) <= 0;

/** Whenever the user is set or updated with a low balance, the low-balance dialog opens. */
export function watchLowBalance() {
  return $user.subscribe((user) => {
    if (user && isLowBalance(user.balance)) $lowBalanceOpen.set(true);
  });
}
