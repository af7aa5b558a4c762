import { maskName } from '../winners.ts';
import type { StoredEvent } from './stream-bus.ts';

/** Whether a stream opened by `viewer` (null: signed out) receives the event. */
export const isVisibleTo = (event: StoredEvent, viewer: number | null) =>
  event.userId === null || event.userId === viewer;

/**
 * The `data` a stream sends. A bet names its player masked ("jo***n"), or null when they chose
 * incognito, never the account, and says
 * `mine` only to that player's own stream; `win` is true only for a payout above the stake.
 */
export function renderEventData(event: StoredEvent, viewer: number | null): Record<string, unknown> {
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
  };
  return {
    ...bet,
    // An incognito player's name was never stored in the event (migration 060).
    player: player === null ? null : maskName(player),
    at: new Date(at).toISOString(),
    mine: viewer !== null && playerId === viewer,
  };
}
