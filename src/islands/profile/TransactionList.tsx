import type { Transaction } from '#core/api/contract.ts';
import type { Locale } from '#core/i18n/locales.mjs';
import { formatDateTime, formatMoney } from './format';
import type { Translators } from './use-messages';

/**
 * Debit, credit or even. A round that paid back exactly its stake nets 0.00: that is not a credit,
 * so it is never styled or announced as a win (UKGC RTS 7); a partial return nets a debit.
 */
export const amountDirection = (amount: string) =>
  /^-?0(\.0+)?$/.test(amount) ? 'is-even' : amount.startsWith('-') ? 'is-debit' : 'is-credit';

/**
 * Transactions as a table that becomes one card per row on phones (see `.tx-table` in CSS).
 * Descriptions come from the server as plain text and are rendered as text.
 */
export function TransactionTable({
  items,
  currency,
  locale,
  t,
  caption,
  roundLink,
}: {
  items: Transaction[];
  currency: string;
  locale: Locale;
  t: Translators['t'];
  caption: string;
  /** A game round's link to its verification (history only). */
  roundLink?: (item: Transaction & { round_id: string }) => React.ReactNode;
}) {
  return (
    <table className="tx-table">
      <caption className="visually-hidden">{caption}</caption>
      <thead>
        <tr>
          <th scope="col">{t('history.date')}</th>
          <th scope="col">{t('history.type')}</th>
          <th scope="col">{t('history.description')}</th>
          <th scope="col" className="tx-table__amount">
            {t('history.amount')}
          </th>
          <th scope="col">{t('history.status')}</th>
        </tr>
      </thead>
      <tbody>
        {items.map((item) => (
          <tr key={item.id} data-transaction={item.id} data-type={item.type} data-status={item.status}>
            <td data-label={t('history.date')}>
              <time dateTime={item.created_at}>{formatDateTime(item.created_at, locale)}</time>
            </td>
            <td data-label={t('history.type')}>{t(`types.${item.type}`)}</td>
            <td data-label={t('history.description')}>
              {roundLink && item.round_id ? (
                // One box, so the phone layout (label, then value) keeps the link with its row's text.
                <span>
                  {item.description} {roundLink(item as Transaction & { round_id: string })}
                </span>
              ) : (
                item.description
              )}
            </td>
            <td data-label={t('history.amount')} className={`tx-table__amount ${amountDirection(item.amount)}`}>
              {formatMoney(item.amount, currency, locale)}
            </td>
            <td data-label={t('history.status')}>
              <span className={`badge badge--${item.status}`}>{t(`statuses.${item.status}`)}</span>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
