// /profile/bonus, offers: loading, empty, error and retry, and accepting one once.
import { describe, expect, it } from 'vitest';
import type { OfferTerms } from '#core/api/contract.ts';
import { ApiError } from '../../../src/api/errors';
import { createOffersStore } from '../../../src/stores/offers';
import { recordedCall, translators } from './form-fixtures';

const { t } = translators;

const OFFER: OfferTerms = {
  id: 7,
  kind: 'deposit_match',
  name: 'Welcome match',
  match_percent: 100,
  cap: '20.00',
  wagering_multiple: 2,
  max_stake: '5.00',
  expiry_days: 7,
  games: { dice: 100, 'european-roulette': 50 },
  expected_cost: '0.63',
};

function setup(offers: (OfferTerms[] | Error)[], accepts: (undefined | Error)[] = [undefined]) {
  const get = recordedCall<[], OfferTerms[]>(...offers);
  const accept = recordedCall<[number], undefined>(...accepts);
  let reloads = 0;
  const store = createOffersStore({ t, getOffers: get.call, acceptOffer: accept.call, accepted: () => reloads++ });
  return { store, get, accept, reloads: () => reloads };
}

describe('offers store', () => {
  it('starts loading, then holds the offers the server computed', async () => {
    const { store } = setup([[OFFER]]);
    expect(store.$state.get()).toBe('loading');
    await store.load();
    expect(store.$state.get()).toBe('ready');
    expect(store.$offers.get()).toEqual([OFFER]);
  });

  it('an empty answer is ready with no offers (the card says there are none)', async () => {
    const { store } = setup([[]]);
    await store.load();
    expect(store.$state.get()).toBe('ready');
    expect(store.$offers.get()).toEqual([]);
  });

  it('a failed load is an error, and a retry loads again', async () => {
    const { store, get } = setup([new ApiError(0, null), [OFFER]]);
    await store.load();
    expect(store.$state.get()).toBe('error');
    await store.load();
    expect(store.$state.get()).toBe('ready');
    expect(get.calls).toHaveLength(2);
  });

  it('a late answer to an older load never overwrites a newer one', async () => {
    const { store, get } = setup([[OFFER], []]);
    get.hold();
    const older = store.load();
    const newer = store.load();
    get.release();
    await Promise.all([older, newer]);
    expect(store.$offers.get()).toEqual([]);
  });

  it('accepts once however often it is clicked, then reloads the bonus status', async () => {
    const { store, accept, reloads } = setup([[OFFER]]);
    accept.hold();
    const first = store.accept(7);
    expect(store.$accepting.get()).toBe(7);
    expect(await store.accept(7)).toBe(false);
    accept.release();
    expect(await first).toBe(true);
    expect(accept.calls).toEqual([[7]]);
    expect(reloads()).toBe(1);
    expect(store.$accepting.get()).toBeUndefined();
  });

  it('a refusal shows the server’s reason, or says it could not be accepted', async () => {
    const { store, reloads } = setup(
      [[OFFER]],
      [new ApiError(409, { detail: 'You already have an open offer.' }), new Error('boom')],
    );
    expect(await store.accept(7)).toBe(false);
    expect(store.$failed.get()).toBe('You already have an open offer.');
    expect(await store.accept(7)).toBe(false);
    expect(store.$failed.get()).toBe('The offer could not be accepted. Please try again.');
    expect(reloads()).toBe(0);
  });
});
