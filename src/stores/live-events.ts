import { atom } from 'nanostores';

/** The stream events a page hands on besides the balance (docs/live-stream.md). */
export const RELAYED_EVENTS = ['bet', 'crash', 'notification', 'withdrawal', 'decision'] as const;
export type RelayedEvent = (typeof RELAYED_EVENTS)[number];

/**
 * The page's one live stream, whichever opened it: `connecting` until the first open, `open`,
 * then `reconnecting` while it is down (the bets feed says so).
 */
export const $liveState = atom<'connecting' | 'open' | 'reconnecting'>('connecting');

/**
 * The player's own stream (src/stores/live-balance.ts): `on` while it runs, `ended` once it gave up
 * (the token went, a ticket was refused). The public stream serves the page only without it.
 */
export const $playerStream = atom<'none' | 'on' | 'ended'>('none');

type Listener = (name: RelayedEvent, data: unknown) => void;
const listeners = new Set<Listener>();

/**
 * Hands every relayed event of the page's stream to `listener`: one stream per tab (the player's
 * own with a ticket when signed in, the public one otherwise) serves the feed, the badge and the
 * profile alike. Answers the function that stops it.
 */
export function onLiveEvent(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Called by whichever module holds the page's stream. */
export function relayLiveEvent(name: RelayedEvent, json: string): void {
  const data: unknown = JSON.parse(json);
  for (const listener of listeners) listener(name, data);
}
