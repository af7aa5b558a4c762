// /profile/bonus, cashback: loading, claiming once, what a claim is allowed on, and refusals.
import { describe, expect, it } from 'vitest';
import type { CashbackStatus } from '#core/api/contract.ts';
import { ApiError } from '../../../src/api/errors';
import { claimable, createCashbackStore } from '../../../src/stores/cashback';
import { recordedCall, translators } from './form-fixtures';

const { t } = translators;

const DUE: CashbackStatus = {
  id: 3,
  kind: 'cashback',
  name: 'Daily cashback',
  percent: 15,
  period_days: 1,
  period_start: '2026-06-10T00:00:00.000Z',
  period_end: '2026-06-11T00:00:00.000Z',
  net_loss: '11.70',
  amount: '1.75',
  paid: false,
};

function setup(loads: (CashbackStatus[] | Error)[], claims: (CashbackStatus | Error)[] = [{ ...DUE, paid: true }]) {
  const get = recordedCall<[], CashbackStatus[]>(...loads);
  const claim = recordedCall<[number], CashbackStatus>(...claims);
  let payments = 0;
  const store = createCashbackStore({ t, getCashback: get.call, claimCashback: claim.call, paid: () => payments++ });
  return { store, get, claim, payments: () => payments };
}

describe('cashback store', () => {
  it('only an unpaid cashback with something due can be claimed', () => {
    expect(claimable(DUE)).toBe(true);
    expect(claimable({ ...DUE, paid: true })).toBe(false);
    expect(claimable({ ...DUE, amount: '0.00' })).toBe(false);
  });

  it('loads, and a failed load is an error until a retry succeeds', async () => {
    const { store } = setup([new ApiError(0, null), [DUE]]);
    expect(store.$state.get()).toBe('loading');
    await store.load();
    expect(store.$state.get()).toBe('error');
    await store.load();
    expect(store.$state.get()).toBe('ready');
    expect(store.$offers.get()).toEqual([DUE]);
  });

  it('claims once however often it is clicked; the answer marks it paid and the balance reloads', async () => {
    const { store, claim, payments } = setup([[DUE]]);
    await store.load();
    claim.hold();
    const first = store.claim(3);
    expect(await store.claim(3)).toBe(false);
    claim.release();
    expect(await first).toBe(true);
    expect(claim.calls).toEqual([[3]]);
    expect(store.$offers.get()).toEqual([{ ...DUE, paid: true }]);
    expect(payments()).toBe(1);
  });

  it('a refusal shows the server’s reason, or says it could not be paid', async () => {
    const { store, payments } = setup(
      [[DUE]],
      [new ApiError(409, { detail: "This period's cashback has already been paid." }), new Error('boom')],
    );
    await store.load();
    expect(await store.claim(3)).toBe(false);
    expect(store.$failed.get()).toBe("This period's cashback has already been paid.");
    expect(await store.claim(3)).toBe(false);
    expect(store.$failed.get()).toBe('The cashback could not be paid. Please try again.');
    expect(store.$offers.get()).toEqual([DUE]);
    expect(payments()).toBe(0);
  });
});
