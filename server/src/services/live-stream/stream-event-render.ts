import { compareMoney } from '#core/api/money.ts';
import { maskName } from '../winners.ts';
import type { StoredEvent } from './stream-bus.ts';

/** Whether a stream opened by `viewer` (null: signed out) receives the event. */
export const isVisibleTo = (event: StoredEvent, viewer: number | null) =>
  event.userId === null || event.userId === viewer;

/**
 * The `data` a stream sends. A bet names its player masked ("jo***n"), or null when they chose
 * incognito, never the account; it says `mine` only to that player's own stream, `win` only for a
 * payout above the stake, and `high_roller` when the stake or the payout is above
 * `highRollerAmount` (LIVE_HIGH_ROLLER_AMOUNT).
 */
export function renderEventData(
  event: StoredEvent,
  viewer: number | null,
  highRollerAmount: string,
): Record<string, unknown> {
  if (event.name !== 'bet') return event.data;
  const {
    player,
    player_id: playerId,
    at,
    ...bet
  } = event.data as {
    player: string | null;
    player_id: number;
    at: string;
    stake: string;
    payout: string;
  };
  const above = (amount: string) => compareMoney(amount, highRollerAmount) > 0;
  return {
    ...bet,
    // An incognito player's name was never stored in the event (migration 060).
    player: player === null ? null : maskName(player),
    at: new Date(at).toISOString(),
    mine: viewer !== null && playerId === viewer,
    high_roller: above(bet.stake) || above(bet.payout),
  };
}
