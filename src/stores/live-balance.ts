import type { BalanceEvent } from '../../core/api/contract';
import { $liveState, $playerStream, RELAYED_EVENTS, relayLiveEvent } from './live-events';
import { offerBalance } from './held-balance';
import { $token } from './session';

/** What the live balance needs of an `EventSource`. */
export interface LiveSource {
  addEventListener(name: string, listener: (event: MessageEvent<string>) => void): void;
  onerror: ((event: Event) => void) | null;
  close(): void;
}

export interface LiveBalanceDeps {
  /** A new stream ticket (POST /api/stream/ticket); a refusal stops following. */
  ticket: () => Promise<string>;
  /** Opens the stream at the address `url(ticket, lastEventId)` gives. */
  open: (ticket: string, lastEventId: string | undefined) => LiveSource;
  /** How long to wait before reconnecting after the stream failed. */
  retryMs?: number;
}

/**
 * Keeps `$user.balance` current from the live stream, without polling. A ticket is single-use, so
 * the browser's own reconnection (same URL) cannot work: on any error the stream is closed and
 * reopened with a new ticket, resuming after the last event seen. Stops when the token goes.
 * The page's other live readers (the bets feed, the badge) get their events from this same
 * stream, through `onLiveEvent`. Answers the function that stops it.
 */
export function followLiveBalance({ ticket, open, retryMs = 3000 }: LiveBalanceDeps): () => void {
  let source: LiveSource | undefined;
  let lastEventId: string | undefined;
  let retry: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;

  const connect = async () => {
    let issued: string;
    try {
      issued = await ticket();
    } catch {
      stop();
      return;
    }
    if (stopped) return;
    source = open(issued, lastEventId);
    source.addEventListener('open', () => $liveState.set('open'));
    source.addEventListener('balance', (event) => {
      if (event.lastEventId) lastEventId = event.lastEventId;
      // Held while a game round is still being shown (held-balance.ts).
      offerBalance(JSON.parse(event.data) as BalanceEvent);
    });
    for (const name of RELAYED_EVENTS)
      source.addEventListener(name, (event) => {
        if (event.lastEventId) lastEventId = event.lastEventId;
        relayLiveEvent(name, event.data);
      });
    source.onerror = () => {
      $liveState.set('reconnecting');
      source?.close();
      source = undefined;
      if (!stopped) retry = setTimeout(() => void connect(), retryMs);
    };
  };

  const unsubscribe = $token.listen((token) => {
    if (!token) stop();
  });
  function stop() {
    if (!stopped) $playerStream.set('ended');
    stopped = true;
    clearTimeout(retry);
    source?.close();
    unsubscribe();
  }
  $playerStream.set('on');
  void connect();
  return stop;
}
