import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import type { Notification, NotificationListMode } from '#core/api/contract.ts';
import { deleteNotification, listNotifications, markAllNotificationsRead } from '../../api/notifications';
import { createListActions } from '../../stores/list-actions';
import { $unreadNotifications, NOTIFICATION_TABS, tabAfterKey, unreadCount } from '../../stores/notifications';
import { formatDateTime } from './format';
import type { IslandProps } from './messages';
import { Empty, LoadError, Notice, Skeleton } from './Status';
import { useMessages } from './use-messages';
import { useLiveReload } from './use-live-reload';
import { useResource } from './use-resource';

/** /profile/notification: news and personal messages, read state, and deleting one's own. */
export function Notifications(props: IslandProps) {
  const { locale } = props;
  const { t } = useMessages(props);
  const [tab, setTab] = useState<NotificationListMode>('own');
  const [confirming, setConfirming] = useState<number>();
  const [actions] = useState(createListActions);
  const notice = useStore(actions.$notice);
  const working = useStore(actions.$working);
  const actionError = useStore(actions.$failed);
  const lists = useResource(async () => {
    const [own, mass] = await Promise.all([listNotifications('own'), listNotifications('mass')]);
    return { own, mass } satisfies Record<NotificationListMode, Notification[]>;
  });
  // A new notification joins the list (and the unread count) as it arrives, without polling.
  useLiveReload(['notification'], lists.reload);
  const tabRefs = useRef<Record<string, HTMLButtonElement | null>>({});

  const unread = lists.data ? unreadCount(lists.data) : 0;
  // The header badge says what this list says once it has loaded (marking read lowers it).
  useEffect(() => {
    if (lists.data) $unreadNotifications.set(unread);
  }, [lists.data, unread]);

  async function act(work: () => Promise<unknown>, done?: string) {
    if (await actions.run(work, done)) lists.reload();
    setConfirming(undefined);
  }

  // Arrow keys move between tabs, as the ARIA tabs pattern expects.
  const onTabKey = (event: KeyboardEvent) => {
    const next = tabAfterKey(tab, event.key);
    if (!next) return;
    setTab(next);
    tabRefs.current[next]?.focus();
  };

  const items = lists.data?.[tab] ?? [];
  return (
    <div className="stack">
      <div className="notifications-bar">
        <p className="unread-count" aria-live="polite" data-unread={unread}>
          {lists.data
            ? unread
              ? t.plural('notifications.unread', unread)
              : t('notifications.all_read')
            : t('common.loading')}
        </p>
        <button
          type="button"
          className="button button--ghost"
          disabled={!unread || working}
          onClick={() => act(markAllNotificationsRead)}
        >
          {t('notifications.mark_all_read')}
        </button>
      </div>
      {notice && <Notice>{notice}</Notice>}
      {actionError && <LoadError message={t('common.error')} retry={t('common.close')} onRetry={actions.dismiss} />}
      <div role="tablist" aria-label={t('notifications.tabs')} className="tabs" onKeyDown={onTabKey}>
        {NOTIFICATION_TABS.map((name) => (
          <button
            key={name}
            ref={(element) => {
              tabRefs.current[name] = element;
            }}
            type="button"
            role="tab"
            id={`tab-${name}`}
            aria-selected={tab === name}
            aria-controls={`panel-${name}`}
            tabIndex={tab === name ? 0 : -1}
            onClick={() => setTab(name)}
          >
            {t(`notifications.${name}`)}
            {/* Always there, with room for the count: the tabs do not move when the lists arrive. */}
            <span className="tab-count">{lists.data ? ` (${lists.data[name].length})` : ''}</span>
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`panel-${tab}`} aria-labelledby={`tab-${tab}`} tabIndex={0}>
        {lists.state === 'error' ? (
          <LoadError message={t('common.error')} retry={t('common.retry')} onRetry={lists.retry} />
        ) : !lists.data ? (
          <Skeleton lines={4} label={t('common.loading')} />
        ) : items.length === 0 ? (
          <Empty>{t('notifications.empty')}</Empty>
        ) : (
          <ul className="notification-list">
            {items.map((item) => (
              <li
                key={item.id}
                className={`card notification${item.read ? '' : ' is-unread'}`}
                data-notification={item.id}
              >
                <div className="notification__head">
                  <h3>{item.title}</h3>
                  {!item.read && <span className="badge badge--pending">{t('notifications.unread_badge')}</span>}
                </div>
                {/* Server text is rendered as text, never as HTML. */}
                <p>{item.body}</p>
                <p className="notification__time">
                  <time dateTime={item.created_at}>{formatDateTime(item.created_at, locale)}</time>
                </p>
                {tab === 'own' &&
                  (confirming === item.id ? (
                    <div className="confirm" role="group" aria-label={t('notifications.confirm_delete')}>
                      <p>{t('notifications.confirm_delete')}</p>
                      <button
                        type="button"
                        className="button"
                        disabled={working}
                        onClick={() => act(() => deleteNotification(item.id), t('notifications.deleted'))}
                      >
                        {t('notifications.confirm')}
                      </button>
                      <button type="button" className="button button--ghost" onClick={() => setConfirming(undefined)}>
                        {t('common.cancel')}
                      </button>
                    </div>
                  ) : (
                    <button
                      type="button"
                      className="button button--ghost"
                      aria-label={t('notifications.delete_label', { title: item.title })}
                      onClick={() => setConfirming(item.id)}
                    >
                      {t('notifications.delete')}
                    </button>
                  ))}
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
