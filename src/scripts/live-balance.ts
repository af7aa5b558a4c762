// The header's balance (and every other reader of $user) follows the live stream once signed in.
// Loaded by session-start only with a token, so a signed-out visitor never downloads it.
import { listNotifications } from '../api/notifications';
import { getStreamTicket, streamUrl } from '../api/stream';
import { followLiveBalance } from '../stores/live-balance';
import { onLiveEvent } from '../stores/live-events';
import { $unreadNotifications, unreadCount } from '../stores/notifications';

export function initLiveBalance() {
  // The header badge: the unread count once, then one more per `notification` event.
  void Promise.all([listNotifications('own'), listNotifications('mass')])
    .then(([own, mass]) => $unreadNotifications.set(unreadCount({ own, mass })))
    .catch((error: unknown) => console.warn('[live] unread notifications not counted', error));
  onLiveEvent((name) => {
    if (name === 'notification') $unreadNotifications.set($unreadNotifications.get() + 1);
  });
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
