// /profile/bonus: cancelling the active bonus (asked first, once), and the wagering percentage.
import { describe, expect, it } from 'vitest';
import type { User } from '#core/api/contract.ts';
import { ApiError } from '../../../src/api/errors';
import { createBonusStore, wageringPercent } from '../../../src/stores/bonus';
import { player, recordedCall, translators } from './form-fixtures';

const { t } = translators;

function setup(...answers: (User | Error)[]) {
  const cancel = recordedCall<[], User>(...answers);
  const users: User[] = [];
  const store = createBonusStore({ t, cancelBonus: cancel.call, setUser: (user) => users.push(user) });
  return { store, cancel, users };
}

describe('bonus store', () => {
  it('asks first, then cancels once however often it is clicked, and the answer becomes the user', async () => {
    const cleared = player({ bonus_balance: '0.00' });
    const { store, cancel, users } = setup(cleared);
    store.ask();
    expect(store.$confirming.get()).toBe(true);
    cancel.hold();
    const first = store.cancel();
    expect(store.$state.get()).toBe('submitting');
    expect(await store.cancel()).toBe(false);
    cancel.release();
    expect(await first).toBe(true);
    expect(cancel.calls).toHaveLength(1);
    expect(users).toEqual([cleared]);
    expect(store.$state.get()).toBe('done');
    expect(store.$confirming.get()).toBe(false);
  });

  it('keeping the bonus closes the question without a request', () => {
    const { store, cancel } = setup(player());
    store.ask();
    store.keep();
    expect(store.$confirming.get()).toBe(false);
    expect(cancel.calls).toHaveLength(0);
  });

  it('shows the server’s reason, or says it could not be cancelled, and stays asked to retry', async () => {
    const { store, users } = setup(
      new ApiError(400, { detail: 'There is no active bonus.' }),
      new ApiError(0, null),
      new Error('boom'),
    );
    store.ask();
    expect(await store.cancel()).toBe(false);
    expect(store.$failed.get()).toBe('There is no active bonus.');
    expect(store.$state.get()).toBe('error');
    expect(store.$confirming.get()).toBe(true);
    await store.cancel();
    expect(store.$failed.get()).toBe('Your bonus could not be cancelled. Please try again.');
    await store.cancel();
    expect(store.$failed.get()).toBe('Your bonus could not be cancelled. Please try again.');
    expect(users).toEqual([]);
  });
});

describe('wagering percentage', () => {
  it('is the whole percent wagered, exact in cents, capped at 100', () => {
    expect(wageringPercent({ wagered: '0.00', wagering_required: '300.00' })).toBe(0);
    expect(wageringPercent({ wagered: '100.00', wagering_required: '300.00' })).toBe(33);
    expect(wageringPercent({ wagered: '0.29', wagering_required: '1.00' })).toBe(29);
    expect(wageringPercent({ wagered: '450.00', wagering_required: '300.00' })).toBe(100);
  });

  it('is 100 when nothing is required, and reads a malformed amount as none wagered', () => {
    expect(wageringPercent({ wagered: '5.00', wagering_required: '0.00' })).toBe(100);
    expect(wageringPercent({ wagered: 'abc', wagering_required: '10.00' })).toBe(0);
  });
});
