import { useStore } from '@nanostores/react';
import { useState } from 'react';
import type { SessionInfo } from '#core/api/contract.ts';
import { endSession, listSessions } from '../../api/security';
import { createSessionsStore } from '../../stores/sessions';
import { formatDateTime } from './format';
import type { IslandProps } from './messages';
import { LoadError, Notice, Skeleton } from './Status';
import { useMessages } from './use-messages';
import { useResource } from './use-resource';

/** The signed-in devices, with "sign out" per device and for every device but this one. */
export function Sessions(props: IslandProps) {
  const { locale } = props;
  const { t } = useMessages(props);
  const sessions = useResource(listSessions);
  const [store] = useState(() => createSessionsStore({ endSession: (id) => endSession(id) }));
  const working = useStore(store.$working);
  const notice = useStore(store.$notice);
  const actionError = useStore(store.$failed);
  const signOut = async (ids: number[], done: string) => {
    if (await store.signOut(ids, done)) sessions.reload();
  };

  const others = sessions.data?.filter((session) => !session.current) ?? [];
  const deviceName = (session: SessionInfo) => session.device || t('security.unknown_device');
  return (
    <section className="card stack" aria-labelledby="sessions-title" data-sessions>
      <h2 id="sessions-title">{t('security.sessions_title')}</h2>
      <p>{t('security.sessions_intro')}</p>
      {notice && <Notice>{notice}</Notice>}
      {actionError && <LoadError message={t('common.error')} retry={t('common.close')} onRetry={store.dismiss} />}
      {sessions.state === 'error' ? (
        <LoadError message={t('common.error')} retry={t('common.retry')} onRetry={sessions.retry} />
      ) : !sessions.data ? (
        <Skeleton lines={3} label={t('common.loading')} />
      ) : (
        <>
          <ul className="session-list">
            {sessions.data.map((session) => (
              <li
                key={session.id}
                className="device-session"
                data-session-id={session.id}
                data-current={session.current || undefined}
              >
                <div>
                  <p className="device-session__device">
                    <strong>{deviceName(session)}</strong>
                    {session.current && <span className="badge"> {t('security.this_device')}</span>}
                  </p>
                  <p className="device-session__meta">
                    {t('security.signed_in_at', { date: formatDateTime(session.created_at, locale) })}
                    {' · '}
                    {t('security.last_used_at', { date: formatDateTime(session.last_used_at, locale) })}
                    {session.ip && ` · ${t('security.ip', { ip: session.ip })}`}
                  </p>
                </div>
                {!session.current && (
                  <button
                    type="button"
                    className="button button--ghost"
                    disabled={working}
                    aria-label={t('security.sign_out_label', {
                      device: deviceName(session),
                      date: formatDateTime(session.created_at, locale),
                    })}
                    onClick={() => signOut([session.id], t('security.signed_out'))}
                  >
                    {t('security.sign_out')}
                  </button>
                )}
              </li>
            ))}
          </ul>
          {others.length ? (
            <button
              type="button"
              className="button"
              disabled={working}
              onClick={() =>
                signOut(
                  others.map((session) => session.id),
                  t('security.signed_out_others'),
                )
              }
              data-sign-out-others
            >
              {t('security.sign_out_others')}
            </button>
          ) : (
            <p className="empty-state">{t('security.no_others')}</p>
          )}
        </>
      )}
    </section>
  );
}
