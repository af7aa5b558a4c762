// The header's balance (and every other reader of $user) follows the live stream once signed in.
// Loaded by session-start only with a token, so a signed-out visitor never downloads it.
import { getStreamTicket, streamUrl } from '../api/stream';
import { followLiveBalance } from '../stores/live-balance';

export function initLiveBalance() {
  if (typeof EventSource === 'undefined') return;
  followLiveBalance({
    ticket: async () => (await getStreamTicket()).ticket,
    open: (ticket, lastEventId) => {
      const source = new EventSource(streamUrl(ticket, lastEventId));
      // Says the stream is live (tests wait for it before they move money elsewhere).
      source.addEventListener('open', () => document.documentElement.setAttribute('data-live-balance', 'open'));
      return source;
    },
  });
}
