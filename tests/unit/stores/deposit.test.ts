import { describe, expect, it } from 'vitest';
import type { CreatePaymentRequest, Payment } from '#core/api/contract.ts';
import { formatMoney } from '#core/i18n/money-format.ts';
import { ApiError } from '../../../src/api/errors';
import { createDepositForm } from '../../../src/stores/deposit';
import { keySource, player, recordedCall, translators } from './form-fixtures';

const { t, api } = translators;
const payment: Payment = {
  id: 'pay-1',
  status: 'pending',
  amount: '25.00',
  currency: 'EUR',
  method: 'card',
  redirect_url: '/pay/pay-1',
  created_at: '2026-01-01T00:00:00.000Z',
};

function setup(...answers: (Payment | Error)[]) {
  const create = recordedCall<[CreatePaymentRequest, string], Payment>(...answers);
  const redirected: Payment[] = [];
  const store = createDepositForm({
    locale: 'de',
    t,
    api,
    user: player,
    createPayment: create.call,
    returnUrl: () => '/de/profile/deposit',
    redirect: (made) => redirected.push(made),
    newKey: keySource(),
  });
  return { store, create, redirected };
}

describe('deposit form store', () => {
  it('sends the typed amount in the API form with the method and return address, then redirects', async () => {
    const { store, create, redirected } = setup(payment);
    store.$amount.set('1.000,00');
    store.$method.set('bank_transfer');
    expect(await store.submit()).toBe(true);
    expect(create.calls).toEqual([
      [{ amount: '1000.00', method: 'bank_transfer', return_url: '/de/profile/deposit' }, 'key-2'],
    ]);
    expect(redirected).toEqual([payment]);
    expect(store.$state.get()).toBe('done');
    expect(store.$errors.get()).toEqual({});
  });

  it.each([
    ['', api('errors.required')],
    ['abc', api('errors.amount_invalid')],
    ['9,99', api('errors.amount_too_small', { min: formatMoney('10.00', 'EUR', 'de') })],
    ['1000,01', api('errors.amount_too_large', { max: formatMoney('1000.00', 'EUR', 'de') })],
  ])('refuses %j with its message and calls nothing', async (typed, message) => {
    const { store, create, redirected } = setup(payment);
    store.$amount.set(typed);
    expect(await store.submit()).toBe(false);
    expect(store.$errors.get()).toEqual({ amount: [message] });
    expect(store.$state.get()).toBe('error');
    expect(create.calls).toEqual([]);
    expect(redirected).toEqual([]);
  });

  it('retries with the same key, and makes a new one when the amount or method changes', async () => {
    const { store, create } = setup(new ApiError(0, undefined), new ApiError(0, undefined), payment);
    store.$amount.set('25');
    await store.submit();
    expect(store.$errors.get()).toEqual({ form: [t('common.error')] });
    await store.submit();
    store.$method.set('crypto');
    await store.submit();
    expect(create.calls.map(([body, key]) => [body.method, key])).toEqual([
      ['card', 'key-2'],
      ['card', 'key-2'],
      ['crypto', 'key-3'],
    ]);
  });

  it('submits once while a submit is under way', async () => {
    const { store, create } = setup(payment);
    store.$amount.set('25');
    create.hold();
    const first = store.submit();
    expect(store.$state.get()).toBe('submitting');
    expect(await store.submit()).toBe(false);
    create.release();
    expect(await first).toBe(true);
    expect(create.calls).toHaveLength(1);
  });

  it('shows the server refusal per field and as the form alert', async () => {
    const refusal = new ApiError(400, { amount: ['Over your limit.'], non_field_errors: ['Closed.'] });
    const { store, redirected } = setup(refusal);
    store.$amount.set('25');
    expect(await store.submit()).toBe(false);
    expect(store.$errors.get()).toEqual({ amount: ['Over your limit.'], form: ['Closed.'] });
    expect(redirected).toEqual([]);
  });

  it('says the general error while the player is unknown', async () => {
    const create = recordedCall<[CreatePaymentRequest, string], Payment>(payment);
    const store = createDepositForm({
      locale: 'en',
      t,
      api,
      user: () => null,
      createPayment: create.call,
      returnUrl: () => '/profile/deposit',
      redirect: () => {},
    });
    store.$amount.set('25');
    expect(await store.submit()).toBe(false);
    expect(store.$errors.get()).toEqual({ form: [t('common.error')] });
    expect(create.calls).toEqual([]);
  });
});
