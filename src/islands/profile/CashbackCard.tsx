import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState } from 'react';
import { claimCashback, getCashback } from '../../api/bonus';
import { getMe } from '../../api/user';
import type { Translate } from '../../i18n/translator';
import { claimable, createCashbackStore } from '../../stores/cashback';
import { setUser } from '../../stores/session';
import { LoadError } from './Status';

/**
 * /profile/bonus, cashback: each cashback offer's last whole period with its net loss and the cash
 * it pays, and a claim button while something is due (src/stores/cashback.ts; this binds it).
 * Shown only to a player some cashback reaches.
 */
export function CashbackCard({
  t,
  money,
  date,
}: {
  t: Translate<'profile'>;
  money: (amount: string) => string;
  date: (iso: string) => string;
}) {
  const [store] = useState(() =>
    createCashbackStore({ t, getCashback, claimCashback, paid: () => void getMe().then(setUser, () => {}) }),
  );
  const state = useStore(store.$state);
  const offers = useStore(store.$offers);
  const claiming = useStore(store.$claiming);
  const failed = useStore(store.$failed);
  useEffect(() => void store.load(), [store]);

  // Shown once there is something to show (most players have no cashback), so the first load moves nothing on
  // the page; once shown, it stays while it loads again (a retry after a failure).
  const shown = useRef(false);
  if (state === 'ready' && !offers.length) shown.current = false;
  if ((state === 'loading' && !shown.current) || (state === 'ready' && !offers.length)) return null;
  shown.current = true;
  return (
    <section className="card" aria-labelledby="cashback-title" aria-busy={state === 'loading'} data-card="cashback">
      <h2 id="cashback-title">{t('cashback.title')}</h2>
      {state === 'error' && (
        <LoadError message={t('common.error')} retry={t('common.retry')} onRetry={() => void store.load()} />
      )}
      {failed && (
        <p className="form-alert" role="alert">
          {failed}
        </p>
      )}
      {offers.map((offer) => (
        <article key={offer.id} data-cashback={offer.id} aria-labelledby={`cashback-${offer.id}`}>
          <h3 id={`cashback-${offer.id}`}>{offer.name}</h3>
          <ul>
            <li>{t('cashback.terms', { percent: offer.percent, days: offer.period_days })}</li>
            <li>
              {t('cashback.period', {
                from: date(offer.period_start),
                to: date(new Date(Date.parse(offer.period_end) - 1).toISOString()),
              })}
            </li>
            <li data-net-loss>{t('cashback.net_loss', { amount: money(offer.net_loss) })}</li>
            <li data-amount>{t(offer.paid ? 'cashback.paid' : 'cashback.due', { amount: money(offer.amount) })}</li>
          </ul>
          {claimable(offer) && (
            <button
              type="button"
              className="button"
              disabled={claiming !== undefined}
              aria-describedby={`cashback-${offer.id}`}
              onClick={() => void store.claim(offer.id)}
            >
              {t('cashback.claim', { amount: money(offer.amount) })}
            </button>
          )}
        </article>
      ))}
    </section>
  );
}
