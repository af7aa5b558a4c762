import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState } from 'react';
import type { BonusStatus } from '#core/api/contract.ts';
import { acceptOffer, getOffers } from '../../api/bonus';
import type { Translate } from '../../i18n/translator';
import { createOffersStore } from '../../stores/offers';
import { OfferTermsList } from './OfferTermsList';
import { Empty, LoadError } from './Status';

/**
 * /profile/bonus, offers: the one the player took (waiting for a deposit or running) with its terms,
 * or the offers they may take, each with its terms and an accept button (src/stores/offers.ts holds
 * the loading and the one-at-a-time accept; this binds it).
 */
export function OffersCard({
  running,
  t,
  money,
  date,
  accepted,
}: {
  /** The offer taken, null when none; undefined while the bonus status is still loading. */
  running: BonusStatus['offer'] | undefined;
  t: Translate<'profile'>;
  money: (amount: string) => string;
  date: (iso: string) => string;
  accepted: () => void;
}) {
  // The store lives as long as the card; `accepted` (the status's reload) changes with the session.
  const reload = useRef(accepted);
  reload.current = accepted;
  const [store] = useState(() => createOffersStore({ t, getOffers, acceptOffer, accepted: () => reload.current() }));
  const state = useStore(store.$state);
  const offers = useStore(store.$offers);
  const accepting = useStore(store.$accepting);
  const failed = useStore(store.$failed);
  // The list loads when no offer is taken, and again when the taken one ends.
  const runningId = running?.id;
  useEffect(() => {
    if (runningId === undefined) void store.load();
  }, [store, runningId]);

  if (running)
    return (
      <section className="card" aria-labelledby="offer-title" data-card="offer-running">
        <h2 id="offer-title">{running.name}</h2>
        <p>{t(running.status === 'waiting' ? 'offers.waiting' : 'offers.running')}</p>
        <OfferTermsList offer={running} t={t} money={money} expiresOn={date(running.expires_at)} />
      </section>
    );
  return (
    <section className="card" aria-labelledby="offers-title" aria-busy={state === 'loading'} data-card="offers">
      <h2 id="offers-title">{t('offers.title')}</h2>
      {state === 'loading' && (
        // The empty answer's box, unseen, holds its place: most players have no offer, so nothing moves.
        <Empty>
          <span className="visually-hidden" role="status">
            {t('common.loading')}
          </span>
          <span className="reserve-text" aria-hidden="true">
            {t('offers.none')}
          </span>
        </Empty>
      )}
      {state === 'error' && (
        <LoadError message={t('common.error')} retry={t('common.retry')} onRetry={() => void store.load()} />
      )}
      {state === 'ready' && !offers.length && <Empty>{t('offers.none')}</Empty>}
      {failed && (
        <p className="form-alert" role="alert">
          {failed}
        </p>
      )}
      {offers.map((offer) => (
        <article key={offer.id} data-offer={offer.id} aria-labelledby={`offer-${offer.id}`}>
          <h3 id={`offer-${offer.id}`}>{offer.name}</h3>
          <OfferTermsList offer={offer} t={t} money={money} />
          <button
            type="button"
            className="button"
            disabled={accepting !== undefined}
            aria-describedby={`offer-${offer.id}`}
            onClick={() => void store.accept(offer.id)}
          >
            {t('offers.accept')}
          </button>
        </article>
      ))}
    </section>
  );
}
