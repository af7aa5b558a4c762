import { useEffect, useState } from 'react';
import { TRANSACTION_TYPES, type HistoryQuery, type TransactionType } from '#core/api/contract.ts';
import { getHistory } from '../../api/history';
import { isCalendarDate } from '#core/api/validation.ts';
import { localizedPath } from '#core/i18n/urls.ts';
import { formatDateTime } from './format';
import type { IslandProps } from './messages';
import { Empty, LoadError, Skeleton } from './Status';
import { TransactionTable } from './TransactionList';
import { useMessages } from './use-messages';
import { useResource } from './use-resource';
import { useUser } from './use-user';

const PAGE_SIZE = 10;

/** The filters live in the URL query, so a filtered page can be reloaded or shared. */
function queryFromUrl(): HistoryQuery {
  const params = new URLSearchParams(location.search);
  const type = params.get('type') ?? '';
  const page = Number(params.get('page'));
  return {
    type: (TRANSACTION_TYPES as readonly string[]).includes(type) ? (type as TransactionType) : undefined,
    date_from: isCalendarDate(params.get('date_from') ?? '') ? params.get('date_from')! : undefined,
    date_to: isCalendarDate(params.get('date_to') ?? '') ? params.get('date_to')! : undefined,
    page: Number.isInteger(page) && page > 1 ? page : undefined,
  };
}

function writeUrl(query: HistoryQuery) {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query))
    if (value !== undefined && value !== '') params.set(key, String(value));
  const search = params.toString();
  history.pushState(null, '', `${location.pathname}${search ? `?${search}` : ''}`);
}

/** /profile/history: every transaction, filtered by type and dates, paged by the server. */
export function History(props: IslandProps) {
  const { locale } = props;
  const { t, verify } = useMessages(props);
  const user = useUser();
  // Null until mounted: the build renders without a URL, and hydration must match it.
  const [query, setQuery] = useState<HistoryQuery | null>(null);
  const page = useResource(
    () => (query ? getHistory({ ...query, page_size: PAGE_SIZE }) : new Promise<never>(() => {})),
    [JSON.stringify(query)],
  );

  useEffect(() => {
    setQuery(queryFromUrl());
    const onPopState = () => setQuery(queryFromUrl());
    window.addEventListener('popstate', onPopState);
    return () => window.removeEventListener('popstate', onPopState);
  }, []);

  const go = (next: HistoryQuery) => {
    writeUrl(next);
    setQuery(next);
  };
  const onFilter = (event: React.SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const value = (name: string) => String(data.get(name) ?? '') || undefined;
    go({
      type: value('type') as TransactionType | undefined,
      date_from: value('date_from'),
      date_to: value('date_to'),
    });
  };

  if (!query) return <Skeleton lines={6} label={t('common.loading')} />;
  const filtered = Boolean(query.type || query.date_from || query.date_to);
  const pages = page.data ? Math.max(1, Math.ceil(page.data.count / PAGE_SIZE)) : 1;
  const current = query.page ?? 1;
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
            <button type="button" className="button button--ghost" onClick={() => go({})}>
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
                disabled={!page.data.previous}
                onClick={() => go({ ...query, page: current - 1 })}
              >
                {t('history.previous')}
              </button>
              <span aria-current="page">{t('history.page', { page: current, pages })}</span>
              <button
                type="button"
                className="button button--ghost"
                disabled={!page.data.next}
                onClick={() => go({ ...query, page: current + 1 })}
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
