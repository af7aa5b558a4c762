import { compareMoney } from '#core/api/money.ts';
import { maskName } from '../winners.ts';
import { sseFrame } from './sse-channel.ts';
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

// The frames of an event, made once for all the streams a node hands it to (10,000 of them may be
// open): every viewer sees the same data but for a bet's `mine`, so at most two frames per event.
const frames = new WeakMap<StoredEvent, Map<boolean, Uint8Array>>();

/** The event framed for `viewer`'s stream, shared with every other stream that sees the same data. */
export function eventFrame(event: StoredEvent, viewer: number | null, highRollerAmount: string): Uint8Array {
  const mine = event.name === 'bet' && viewer !== null && (event.data as { player_id?: number }).player_id === viewer;
  let byMine = frames.get(event);
  if (!byMine) frames.set(event, (byMine = new Map()));
  let frame = byMine.get(mine);
  if (!frame) {
    frame = sseFrame(event.id, event.name, renderEventData(event, viewer, highRollerAmount));
    byMine.set(mine, frame);
  }
  return frame;
}
