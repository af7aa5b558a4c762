// The public live stream (bets, the crash room) for a page whose player has no stream of their own: signed out,
// or their stream gave up. Signed in, the player's ticketed stream (live-balance.ts) carries the
// public events too, so a tab never holds two streams.
import { API_PATHS } from '../../core/api/contract';
import { apiBase } from '../api/base';
import { $liveState, $playerStream, relayLiveEvent } from '../stores/live-events';
import { $token } from '../stores/session';

/** How long to wait before opening a stream the browser gave up on (an HTTP error, not a drop). */
const RETRY_MS = 3000;

let following = false;

/** Follows the public stream while the page needs it; a second caller (the bets feed and the crash room) shares it. */
export function followPublicStream() {
  if (following || typeof EventSource === 'undefined') return;
  following = true;
  let source: EventSource | undefined;
  let retry: ReturnType<typeof setTimeout> | undefined;

  const open = () => {
    source = new EventSource(new URL(API_PATHS.stream, apiBase()));
    source.addEventListener('open', () => $liveState.set('open'));
    for (const name of ['bet', 'crash'] as const)
      source.addEventListener(name, (event) => relayLiveEvent(name, event.data as string));
    source.addEventListener('error', () => {
      $liveState.set('reconnecting');
      // A dropped stream reconnects by itself with Last-Event-ID; a refused one is closed for good.
      if (source?.readyState === EventSource.CLOSED) retry = setTimeout(open, RETRY_MS);
    });
  };
  const close = () => {
    clearTimeout(retry);
    source?.close();
    source = undefined;
  };
  const update = () => {
    const needed = !$token.get() || $playerStream.get() === 'ended';
    if (needed && !source) open();
    else if (!needed && source) close();
  };
  $token.listen(update);
  $playerStream.listen(update);
  update();
}
