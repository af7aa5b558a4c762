// The security screen's close-account form: the check before the confirmation, then the call.
import { describe, expect, it } from 'vitest';
import type { CloseAccountRequest, CloseAccountResponse } from '#core/api/contract.ts';
import { ApiError } from '../../../src/api/errors';
import { createCloseAccountForm } from '../../../src/stores/close-account';
import { recordedCall, translators } from './form-fixtures';

const { t, api } = translators;
const payout = { id: 7, amount: '100.00', currency: 'EUR' };

const setup = (...answers: (CloseAccountResponse | Error)[]) => {
  const call = recordedCall<[CloseAccountRequest], CloseAccountResponse>(...answers);
  return { call, store: createCloseAccountForm({ t, api, closeAccount: call.call }) };
};

describe('close account form store', () => {
  it('asks for the password on its field before the confirmation opens, and sends nothing', () => {
    const { store, call } = setup({ closed: true, payout: null });
    expect(store.ask({ password: '' })).toBe(false);
    expect(store.$errors.get()).toEqual({ password: [api('errors.required')] });
    expect(store.$confirming.get()).toBe(false);
    expect(store.ask({ password: 'pw' })).toBe(true);
    expect(store.$errors.get()).toEqual({});
    expect(store.$confirming.get()).toBe(true);
    store.cancel();
    expect(store.$confirming.get()).toBe(false);
    expect(call.calls).toEqual([]);
  });

  it('sends the trimmed reason and payout once, even clicked twice, and keeps the payout', async () => {
    const { store, call } = setup({ closed: true, payout });
    store.ask({ password: 'pw' });
    call.hold();
    const input = { password: 'pw', reason: ' moving ', payout: { method: 'card' as const, destination: ' 4111 ' } };
    const first = store.submit(input);
    expect(store.$confirming.get()).toBe(true);
    expect(await store.submit(input)).toBe(false);
    call.release();
    expect(await first).toBe(true);
    expect(call.calls).toEqual([[{ password: 'pw', reason: 'moving', method: 'card', destination: '4111' }]]);
    expect(store.$closed.get()).toEqual(payout);
    expect(store.$confirming.get()).toBe(false);
  });

  it('without a balance sends no payout, and closed says so with null', async () => {
    const { store, call } = setup({ closed: true, payout: null });
    expect(store.$closed.get()).toBeUndefined();
    await store.submit({ password: 'pw', reason: '' });
    expect(call.calls).toEqual([[{ password: 'pw', reason: '' }]]);
    expect(store.$closed.get()).toBeNull();
  });

  it('puts a wrong password on its field and a network failure on the form, closing the dialog', async () => {
    const { store } = setup(new ApiError(400, { password: ['Invalid password.'] }), new ApiError(0, null));
    store.ask({ password: 'bad' });
    expect(await store.submit({ password: 'bad', reason: '' })).toBe(false);
    expect(store.$errors.get()).toEqual({ password: ['Invalid password.'] });
    expect(store.$confirming.get()).toBe(false);
    store.ask({ password: 'pw' });
    expect(await store.submit({ password: 'pw', reason: '' })).toBe(false);
    expect(store.$errors.get()).toEqual({ form: [t('common.error')] });
    expect(store.$closed.get()).toBeUndefined();
  });
});
