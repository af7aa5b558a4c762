import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { TRANSACTION_TYPES } from '#core/api/contract.ts';
import { getHistory } from '../../api/history';
import { localizedPath } from '#core/i18n/urls.ts';
import { createHistoryStore, HISTORY_PAGE_SIZE, historyPager, isFiltered } from '../../stores/history';
import { formatDateTime } from './format';
import type { IslandProps } from './messages';
import { Empty, LoadError, Skeleton } from './Status';
import { TransactionTable } from './TransactionList';
import { useMessages } from './use-messages';
import { useResource } from './use-resource';
import { useUser } from './use-user';

/** The address bar follows the filters, so a filtered page can be reloaded or shared. */
const navigate = (search: string) => history.pushState(null, '', `${location.pathname}${search}`);

/** /profile/history: every transaction, filtered by type and dates, paged by the server. */
export function History(props: IslandProps) {
  const { locale } = props;
  const { t, verify } = useMessages(props);
  const user = useUser();
  const [store] = useState(() => createHistoryStore({ navigate }));
  // Null until mounted: the build renders without a URL, and hydration must match it.
  const query = useStore(store.$query);
  const page = useResource(
    () => (query ? getHistory({ ...query, page_size: HISTORY_PAGE_SIZE }) : new Promise<never>(() => {})),
    [JSON.stringify(query)],
  );

  useEffect(() => {
    store.open(location.search);
    const onPopState = () => store.open(location.search);
    window.addEventListener('popstate', onPopState);
    return () => window.removeEventListener('popstate', onPopState);
  }, [store]);

  const onFilter = (event: React.SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const value = (name: string) => String(data.get(name) ?? '');
    store.filter({ type: value('type'), date_from: value('date_from'), date_to: value('date_to') });
  };

  if (!query) return <Skeleton lines={6} label={t('common.loading')} />;
  const filtered = isFiltered(query);
  const { current, pages, previous, next } = historyPager(query, page.data?.count ?? 0);
  const failed = page.state === 'error' && !page.data;
  return (
    <div className="stack">
      <form
        className="card filters"
        onSubmit={onFilter}
        aria-label={t('history.filters')}
        key={JSON.stringify(query)}
        data-form="history-filters"
      >
        <div className="field">
          <label htmlFor="filter-type">{t('history.type')}</label>
          <select id="filter-type" name="type" defaultValue={query.type ?? ''}>
            <option value="">{t('history.all_types')}</option>
            {TRANSACTION_TYPES.map((type) => (
              <option key={type} value={type}>
                {t(`types.${type}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="filter-from">{t('history.from')}</label>
          <input
            id="filter-from"
            name="date_from"
            type="date"
            defaultValue={query.date_from ?? ''}
            max={query.date_to}
          />
        </div>
        <div className="field">
          <label htmlFor="filter-to">{t('history.to')}</label>
          <input id="filter-to" name="date_to" type="date" defaultValue={query.date_to ?? ''} min={query.date_from} />
        </div>
        <div className="actions">
          <button type="submit" className="button">
            {t('history.apply')}
          </button>
          {filtered && (
            <button type="button" className="button button--ghost" onClick={store.reset}>
              {t('history.reset')}
            </button>
          )}
        </div>
      </form>

      <section aria-labelledby={failed ? undefined : 'history-results'} aria-busy={page.state === 'loading'}>
        {/* A failed first load has no count to announce: the error stands alone, no stale "Loading…". */}
        {!failed && (
          <h2 id="history-results" className="history-count">
            {page.data ? t.plural('history.count', page.data.count) : t('common.loading')}
          </h2>
        )}
        {page.state === 'error' ? (
          <LoadError message={t('common.error')} retry={t('common.retry')} onRetry={page.retry} />
        ) : !page.data || !user ? (
          <Skeleton lines={6} label={t('common.loading')} />
        ) : page.data.results.length === 0 ? (
          <Empty>{filtered ? t('history.empty_filtered') : t('history.empty')}</Empty>
        ) : (
          <>
            <TransactionTable
              items={page.data.results}
              currency={user.currency}
              locale={locale}
              t={t}
              caption={t.plural('history.count', page.data.count)}
              roundLink={(item) => (
                <a
                  className="tx-table__verify"
                  href={`${localizedPath('/profile/round', locale)}?id=${encodeURIComponent(item.round_id)}`}
                  data-verify-round={item.round_id}
                >
                  {verify('history_link')}
                  <span className="visually-hidden">
                    {' '}
                    ({verify('history_link_context', { date: formatDateTime(item.created_at, locale) })})
                  </span>
                </a>
              )}
            />
            <nav className="pager" aria-label={t('history.page', { page: current, pages })}>
              <button
                type="button"
                className="button button--ghost"
                disabled={!previous}
                onClick={() => store.toPage(current - 1)}
              >
                {t('history.previous')}
              </button>
              <span aria-current="page">{t('history.page', { page: current, pages })}</span>
              <button
                type="button"
                className="button button--ghost"
                disabled={!next}
                onClick={() => store.toPage(current + 1)}
              >
                {t('history.next')}
              </button>
            </nav>
          </>
        )}
      </section>
    </div>
  );
}
