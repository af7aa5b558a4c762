import { atom } from 'nanostores';
import type { Notification, NotificationListMode } from '../../core/api/contract';

/**
 * The header badge's count of unread notifications: loaded once a page is signed in, one more for
 * each `notification` event of the live stream, and the list's own count on /profile/notification.
 */
export const $unreadNotifications = atom<number>(0);

/** The tabs of /profile/notification, in the order the arrow keys move through them. */
export const NOTIFICATION_TABS: NotificationListMode[] = ['own', 'mass'];

/** Both lists' unread messages: the count the screen announces. */
export const unreadCount = (lists: Record<NotificationListMode, Notification[]>) =>
  [...lists.own, ...lists.mass].filter((item) => !item.read).length;

/** The tab an arrow key moves to (the ARIA tabs pattern), wrapping at either end; other keys move nowhere. */
export function tabAfterKey(tab: NotificationListMode, key: string): NotificationListMode | undefined {
  if (key !== 'ArrowRight' && key !== 'ArrowLeft') return undefined;
  const step = key === 'ArrowRight' ? 1 : NOTIFICATION_TABS.length - 1;
  return NOTIFICATION_TABS[(NOTIFICATION_TABS.indexOf(tab) + step) % NOTIFICATION_TABS.length];
}
