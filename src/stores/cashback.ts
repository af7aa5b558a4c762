import { atom } from 'nanostores';
import type { CashbackStatus } from '../../core/api/contract';
import { toCents } from '../../core/api/money';
import type { Translate } from '../i18n/translator';
import { refusalText } from './refusal-text';

export interface CashbackDeps {
  t: Translate<'profile'>;
  /** GET /api/user/cashback (`getCashback` in src/api/bonus.ts). */
  getCashback: () => Promise<CashbackStatus[]>;
  /** POST /api/user/cashback/:id/claim (`claimCashback`): answers the offer, now paid. */
  claimCashback: (id: number) => Promise<CashbackStatus>;
  /** After a payment: the balance changed, so the signed-in user is reloaded. */
  paid: () => void;
}

/** Whether a cashback can be claimed now: something is due and it was not paid. */
export const claimable = (offer: Pick<CashbackStatus, 'amount' | 'paid'>) =>
  !offer.paid && (toCents(offer.amount) ?? 0n) > 0n;

/**
 * /profile/bonus, cashback: the player's cashback offers for their last whole period, and claiming
 * one, once however often it is clicked. A refusal shows the server's message (`detail`) or
 * `cashback.claim_failed`; a payment replaces the offer with the server's answer (paid).
 */
export function createCashbackStore({ t, getCashback, claimCashback, paid }: CashbackDeps) {
  const $state = atom<'loading' | 'ready' | 'error'>('loading');
  const $offers = atom<CashbackStatus[]>([]);
  const $claiming = atom<number | undefined>();
  const $failed = atom<string | undefined>();

  async function load() {
    $state.set('loading');
    try {
      $offers.set(await getCashback());
      $state.set('ready');
    } catch (error) {
      console.error('[cashback] loading failed', error);
      $state.set('error');
    }
  }

  async function claim(id: number) {
    if ($claiming.get() !== undefined) return false;
    $claiming.set(id);
    $failed.set(undefined);
    try {
      const answer = await claimCashback(id);
      $offers.set($offers.get().map((offer) => (offer.id === id ? answer : offer)));
      paid();
      return true;
    } catch (error) {
      console.error('[cashback] claim failed', error);
      $failed.set(refusalText(error, t('cashback.claim_failed')));
      return false;
    } finally {
      $claiming.set(undefined);
    }
  }

  return { $state, $offers, $claiming, $failed, load, claim };
}
