import { compareMoney } from '../../core/api/money';
import type { User } from '../../core/api/contract';
import { $balanceDialog } from './dialogs';
import { $user } from './session';

/** At or below this balance the player is invited to deposit. */
export const LOW_BALANCE = '0.50';

/** Decimal-safe: "0.50" is low, "0.51" is not. */
export const isLowBalance = (balance: string) => compareMoney(balance, LOW_BALANCE) <= 0;

/**
 * What this browser session last saw of the player, kept in sessionStorage so that every page of
 * one visit agrees: the first page of a visit may invite a deposit, the next ones only when the
 * balance has dropped to low since.
 */
const SEEN_KEY = 'amber.balance-seen';
interface Seen {
  id: number;
  low: boolean;
}

// Without storage, this page at least remembers what it saw.
let remembered: Seen | null = null;

function readSeen(storage: Storage | undefined): Seen | null {
  try {
    const value = JSON.parse(storage?.getItem(SEEN_KEY) ?? 'null') as Seen | null;
    if (value && typeof value.id === 'number' && typeof value.low === 'boolean') return value;
  } catch {
    // unreadable: fall back to this page's memory
  }
  return remembered;
}

function writeSeen(storage: Storage | undefined, seen: Seen) {
  remembered = seen;
  try {
    storage?.setItem(SEEN_KEY, JSON.stringify(seen));
  } catch {
    // Storage may be refused (private mode): this page still behaves, the next one may ask again.
  }
}

let welcomeNext = false;
/** The account's first sign-in calls this before storing the player: they get a welcome, not a warning. */
export function expectWelcome() {
  welcomeNext = true;
}

export interface WatchOptions {
  /** On the deposit and payment pages nothing opens (the player is already depositing). */
  quiet?: boolean;
  storage?: Storage;
}

/**
 * Opens the low-balance dialog when the player is first loaded in a visit with a low balance, and
 * when an update takes the balance from above 0.50 to 0.50 or less. Never again for a balance
 * that was already low, so a page view never nags. At the first sign-in: the welcome instead.
 */
export function watchLowBalance({ quiet = false, storage }: WatchOptions = {}) {
  return $user.subscribe((user: User | null) => {
    if (!user) return;
    const low = isLowBalance(user.balance);
    const seen = readSeen(storage);
    const before = seen?.id === user.id ? seen : null;
    writeSeen(storage, { id: user.id, low });
    if (welcomeNext) {
      welcomeNext = false;
      if (!quiet) $balanceDialog.set('welcome');
      return;
    }
    if (!quiet && low && !before?.low) $balanceDialog.set('low');
  });
}
