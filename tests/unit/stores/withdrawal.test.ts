import { describe, expect, it } from 'vitest';
import type { Withdrawal, WithdrawalRequest } from '#core/api/contract.ts';
import { formatMoney } from '#core/i18n/money-format.ts';
import { ApiError } from '../../../src/api/errors';
import { createWithdrawalForm } from '../../../src/stores/withdrawal';
import { createTranslator } from '../../../src/i18n/translator';
import jaApi from '../../../locales/ja/api.json';
import jaProfile from '../../../locales/ja/profile.json';
import { keySource, player, recordedCall, translators } from './form-fixtures';

const { t, api } = translators;
const CARD = '4111 1111 1111 1111';
const made: Withdrawal = {
  id: 7,
  status: 'pending',
  amount: '50.00',
  currency: 'EUR',
  method: 'card',
  destination: '**** 1111',
  created_at: '2026-01-01T00:00:00.000Z',
  balance: '50.00',
};

function setup(...answers: (Withdrawal | Error)[]) {
  const request = recordedCall<[WithdrawalRequest, string], Withdrawal>(...answers);
  let refreshed = 0;
  const store = createWithdrawalForm({
    locale: 'en',
    t,
    api,
    user: player,
    requestWithdrawal: request.call,
    afterRequest: async () => void refreshed++,
    newKey: keySource(),
  });
  return { store, request, refreshed: () => refreshed };
}

describe('withdrawal form store', () => {
  it('requests the checked amount to the typed destination, then refreshes', async () => {
    const { store, request, refreshed } = setup(made);
    expect(await store.submit({ amount: ' 50 ', destination: ` ${CARD} ` })).toBe(true);
    expect(request.calls).toEqual([[{ amount: '50.00', method: 'card', destination: CARD }, 'key-2']]);
    expect(store.$requested.get()).toEqual(made);
    expect(store.$state.get()).toBe('done');
    expect(refreshed()).toBe(1);
  });

  it('names every field the rules refuse at once and sends nothing', async () => {
    const { store, request } = setup(made);
    expect(await store.submit({ amount: '19.99', destination: '' })).toBe(false);
    expect(store.$errors.get()).toEqual({
      amount: [api('errors.amount_too_small', { min: formatMoney('20.00', 'EUR', 'en') })],
      destination: [api('errors.required')],
    });
    expect(await store.submit({ amount: '600', destination: '4111 1111 1111 1112' })).toBe(false);
    expect(Object.keys(store.$errors.get()).sort()).toEqual(['amount', 'destination']);
    expect(store.$errors.get().amount).toEqual([
      api('errors.amount_too_large', { max: formatMoney('500.00', 'EUR', 'en') }),
    ]);
    expect(request.calls).toEqual([]);
  });

  it('checks the destination by the chosen method’s rule, in the page language, before sending', async () => {
    const ja = { t: createTranslator(jaProfile, 'ja', 'profile'), api: createTranslator(jaApi, 'ja', 'api') };
    const request = recordedCall<[WithdrawalRequest, string], Withdrawal>(made);
    const store = createWithdrawalForm({
      locale: 'ja',
      ...ja,
      user: player,
      requestWithdrawal: request.call,
      afterRequest: async () => {},
    });
    store.$method.set('bank_transfer');
    // A right-to-left override makes "\u202eNABI 1234" read as "4321 IBAN".
    await store.submit({ amount: '20', destination: '\u202eNABI 1234' });
    expect(store.$errors.get()).toEqual({ destination: [ja.api('input.unsafe_characters')] });
    await store.submit({ amount: '20', destination: 'DE89 3704 0044 0532 0130 01' });
    expect(store.$errors.get()).toEqual({ destination: [ja.api('destination.iban_invalid')] });
    expect(store.$errors.get().destination![0]).toBe(
      '有効なIBANを入力してください（例：DE89 3704 0044 0532 0130 00）。',
    );
    expect(request.calls).toEqual([]);
  });

  it('retries the same request with its key, and a new request after success gets a new one', async () => {
    const offline = new ApiError(0, undefined);
    const { store, request } = setup(offline, made, made);
    const input = { amount: '50', destination: CARD };
    expect(await store.submit(input)).toBe(false);
    expect(store.$errors.get()).toEqual({ form: [t('common.error')] });
    expect(await store.submit(input)).toBe(true);
    expect(await store.submit(input)).toBe(true);
    expect(request.calls.map(([, key]) => key)).toEqual(['key-2', 'key-2', 'key-4']);
  });

  it('changing the method makes a new intent', async () => {
    const { store, request } = setup(new ApiError(503, { detail: 'Busy.' }), made);
    await store.submit({ amount: '50', destination: CARD });
    expect(store.$errors.get()).toEqual({ form: ['Busy.'] });
    store.$method.set('bank_transfer');
    await store.submit({ amount: '50', destination: 'DE89 3704 0044 0532 0130 00' });
    expect(request.calls.map(([body, key]) => [body.method, key])).toEqual([
      ['card', 'key-2'],
      ['bank_transfer', 'key-3'],
    ]);
  });

  it('maps the server refusal to the fields and clears the last success at the next submit', async () => {
    const { store } = setup(made, new ApiError(400, { amount: ['Insufficient funds.'] }));
    await store.submit({ amount: '50', destination: CARD });
    expect(store.$requested.get()).toEqual(made);
    expect(await store.submit({ amount: '60', destination: CARD })).toBe(false);
    expect(store.$requested.get()).toBeUndefined();
    expect(store.$errors.get()).toEqual({ amount: ['Insufficient funds.'] });
    expect(store.$state.get()).toBe('error');
  });

  it('submits once while a request is under way', async () => {
    const { store, request } = setup(made);
    request.hold();
    const first = store.submit({ amount: '50', destination: CARD });
    expect(await store.submit({ amount: '50', destination: CARD })).toBe(false);
    request.release();
    expect(await first).toBe(true);
    expect(request.calls).toHaveLength(1);
  });
});
