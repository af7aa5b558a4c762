import type { OfferTerms } from '#core/api/contract.ts';
import type { Translate } from '../../i18n/translator';

/**
 * An offer's terms as the server computed them, in the page's language: the match, the wagering,
 * its expected cost, the maximum stake, what a withdrawal does, and the expiry (the date, once taken). Shown before the
 * player accepts and while the offer runs.
 */
export function OfferTermsList({
  offer,
  t,
  money,
  expiresOn,
}: {
  offer: OfferTerms;
  t: Translate<'profile'>;
  money: (amount: string) => string;
  /** The taken offer's expiry date, in the page's language; before accepting, the days it lasts. */
  expiresOn?: string;
}) {
  return (
    <ul data-offer-terms>
      <li>{t('offers.match', { percent: offer.match_percent, cap: money(offer.cap) })}</li>
      <li>{t('offers.wagering', { multiple: offer.wagering_multiple })}</li>
      <li data-expected-cost>{t('offers.expected_cost', { cost: money(offer.expected_cost) })}</li>
      <li>{t('offers.max_stake', { max: money(offer.max_stake) })}</li>
      <li>{t('offers.withdrawal')}</li>
      <li data-expiry>
        {expiresOn ? t('offers.expires_on', { date: expiresOn }) : t('offers.expiry', { days: offer.expiry_days })}
      </li>
    </ul>
  );
}
