import { afterEach, describe, expect, it } from 'vitest';
import { cleanStores } from 'nanostores';
import type { User } from '../../../core/api/contract';
import { $balanceHeld, holdBalance, offerBalance, releaseBalance } from '../../../src/stores/held-balance';
import { $user } from '../../../src/stores/session';

const USER = { username: 'amber', balance: '10.00', bonus_balance: '0.00', currency: 'EUR' } as User;

afterEach(() => {
  releaseBalance();
  cleanStores($user, $balanceHeld);
});

describe('the held balance', () => {
  it('shows a live balance at once while no round is held', () => {
    $user.set(USER);
    offerBalance({ balance: '9.00', bonus_balance: '1.00' });
    expect($user.get()).toMatchObject({ username: 'amber', balance: '9.00', bonus_balance: '1.00' });
  });

  it('keeps the shown balance through a held round and shows the newest figures on release', () => {
    $user.set(USER);
    holdBalance();
    expect($balanceHeld.get()).toBe(true);
    // The stake, then the win: both arrive before the reels stop.
    offerBalance({ balance: '9.00', bonus_balance: '0.00' });
    offerBalance({ balance: '12.50', bonus_balance: '0.00' });
    expect($user.get()!.balance).toBe('10.00');
    releaseBalance();
    expect($balanceHeld.get()).toBe(false);
    expect($user.get()!.balance).toBe('12.50');
    // Nothing is kept for a later release.
    $user.set({ ...USER, balance: '3.00' });
    releaseBalance();
    expect($user.get()!.balance).toBe('3.00');
  });

  it('changes nothing on release when no figures came, and nothing for a signed-out page', () => {
    $user.set(USER);
    holdBalance();
    releaseBalance();
    expect($user.get()).toEqual(USER);
    $user.set(null);
    holdBalance();
    offerBalance({ balance: '1.00', bonus_balance: '0.00' });
    releaseBalance();
    expect($user.get()).toBeNull();
  });
});
