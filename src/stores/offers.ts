import { atom } from 'nanostores';
import type { OfferTerms } from '../../core/api/contract';
import type { Translate } from '../i18n/translator';
import { refusalText } from './refusal-text';

export interface OffersDeps {
  t: Translate<'profile'>;
  /** GET /api/user/offers (`getOffers` in src/api/bonus.ts): the offers this player may take. */
  getOffers: () => Promise<OfferTerms[]>;
  /** POST /api/user/offers/:id/accept (`acceptOffer` in src/api/bonus.ts). */
  acceptOffer: (id: number) => Promise<void>;
  /** After an accept: the bonus status reloads, and with it the taken offer's terms. */
  accepted: () => void;
}

/** What the offers card shows: its placeholder, the list (possibly empty), or a retryable error. */
export type OffersState = 'loading' | 'ready' | 'error';

/**
 * /profile/bonus, the offers a player may take: loaded (a late answer to an older load never
 * overwrites a newer one), and accepting one, once however often it is clicked (the busy flag is
 * set before the first await). A refusal shows the server's own message (`detail`, in the page
 * language) or `offers.accept_failed`.
 */
export function createOffersStore({ t, getOffers, acceptOffer, accepted }: OffersDeps) {
  const $state = atom<OffersState>('loading');
  const $offers = atom<OfferTerms[]>([]);
  const $accepting = atom<number | undefined>();
  const $failed = atom<string | undefined>();
  let generation = 0;

  async function load() {
    const mine = ++generation;
    $state.set('loading');
    try {
      const offers = await getOffers();
      if (mine !== generation) return;
      $offers.set(offers);
      $state.set('ready');
    } catch (error) {
      console.error('[offers] loading failed', error);
      if (mine === generation) $state.set('error');
    }
  }

  async function accept(id: number) {
    if ($accepting.get() !== undefined) return false;
    $accepting.set(id);
    $failed.set(undefined);
    try {
      await acceptOffer(id);
      accepted();
      return true;
    } catch (error) {
      console.error('[offers] accept failed', error);
      $failed.set(refusalText(error, t('offers.accept_failed')));
      return false;
    } finally {
      $accepting.set(undefined);
    }
  }

  return { $state, $offers, $accepting, $failed, load, accept };
}
