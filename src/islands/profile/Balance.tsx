import { getHistory } from '../../api/history';
import { localizedPath } from '#core/i18n/urls.ts';
import { formatMoney } from './format';
import type { IslandProps } from './messages';
import { Empty, LoadError, Skeleton } from './Status';
import { TransactionTable } from './TransactionList';
import { useMessages } from './use-messages';
import { useResource } from './use-resource';
import { useUser } from './use-user';

/** /profile/balance: what the player has, the ways in and out, and the five latest transactions. */
export function Balance(props: IslandProps) {
  const { locale } = props;
  const translators = useMessages(props);
  const { t } = translators;
  const user = useUser();
  const latest = useResource(() => getHistory({ page_size: 5 }));

  if (!user) return <Skeleton lines={4} label={t('common.loading')} />;
  return (
    <div className="stack">
      <section className="card balance-card" aria-labelledby="balance-title">
        <h2 id="balance-title" className="visually-hidden">
          {t('balance.available')}
        </h2>
        <dl className="figures">
          <div>
            <dt>{t('balance.available')}</dt>
            <dd className="figure" data-figure="balance">
              {formatMoney(user.balance, user.currency, locale)}
            </dd>
          </div>
          <div>
            <dt>{t('balance.bonus')}</dt>
            <dd className="figure" data-figure="bonus">
              {formatMoney(user.bonus_balance, user.currency, locale)}
            </dd>
          </div>
          <div>
            <dt>{t('balance.currency')}</dt>
            <dd className="figure">{user.currency}</dd>
          </div>
        </dl>
        <div className="actions">
          <a className="button" href={localizedPath('/profile/deposit', locale)}>
            {t('balance.deposit')}
          </a>
          <a className="button button--ghost" href={localizedPath('/profile/withdrawal', locale)}>
            {t('balance.withdraw')}
          </a>
        </div>
      </section>
      <section aria-labelledby="latest-title">
        <h2 id="latest-title">{t('balance.latest')}</h2>
        {latest.state === 'error' ? (
          <LoadError message={t('common.error')} retry={t('common.retry')} onRetry={latest.retry} />
        ) : latest.state === 'loading' ? (
          <Skeleton lines={5} label={t('common.loading')} />
        ) : latest.data.results.length === 0 ? (
          <Empty>{t('history.empty')}</Empty>
        ) : (
          <TransactionTable
            items={latest.data.results}
            currency={user.currency}
            locale={locale}
            t={t}
            caption={t('balance.latest')}
          />
        )}
        <p>
          <a href={localizedPath('/profile/history', locale)}>{t('balance.all_history')}</a>
        </p>
      </section>
    </div>
  );
}
