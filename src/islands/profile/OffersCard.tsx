import { useState } from 'react';
import type { BonusStatus } from '#core/api/contract.ts';
import { acceptOffer, getOffers } from '../../api/bonus';
import type { Translate } from '../../i18n/translator';
import { OfferTermsList } from './OfferTermsList';
import { useResource } from './use-resource';

/**
 * /profile/bonus, offers: the one the player took (waiting for a deposit or running) with its terms,
 * or the offers they may take, each with its terms and an accept button. One accept at a time.
 */
export function OffersCard({
  running,
  t,
  money,
  accepted,
}: {
  running: BonusStatus['offer'];
  t: Translate<'profile'>;
  money: (amount: string) => string;
  accepted: () => void;
}) {
  const offers = useResource(() => getOffers(), [running?.id]);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState<string>();
  async function take(id: number) {
    if (busy) return;
    setBusy(true);
    setFailed(undefined);
    try {
      await acceptOffer(id);
      accepted();
    } catch (error) {
      const detail = (error as { detail?: unknown } | undefined)?.detail;
      setFailed(typeof detail === 'string' && detail ? detail : t('common.error'));
    } finally {
      setBusy(false);
    }
  }
  if (running)
    return (
      <section className="card" aria-labelledby="offer-title" data-card="offer-running">
        <h2 id="offer-title">{running.name}</h2>
        <p>{t(running.status === 'waiting' ? 'offers.waiting' : 'offers.running')}</p>
        <OfferTermsList offer={running} t={t} money={money} />
      </section>
    );
  const list = offers.state === 'ready' ? offers.data : [];
  if (!list.length) return null;
  return (
    <section className="card" aria-labelledby="offers-title" data-card="offers">
      <h2 id="offers-title">{t('offers.title')}</h2>
      {failed && (
        <p className="form-alert" role="alert">
          {failed}
        </p>
      )}
      {list.map((offer) => (
        <article key={offer.id} data-offer={offer.id}>
          <h3>{offer.name}</h3>
          <OfferTermsList offer={offer} t={t} money={money} />
          <button type="button" className="button" disabled={busy} onClick={() => void take(offer.id)}>
            {t('offers.accept')}
          </button>
        </article>
      ))}
    </section>
  );
}
