import { cleanStores } from 'nanostores';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { User } from '../../../src/api/contract';
import { ApiError } from '../../../src/api/errors';
import { startSession } from '../../../src/stores/app-start';
import { $lowBalanceOpen } from '../../../src/stores/dialogs';
import { isLowBalance, watchLowBalance } from '../../../src/stores/low-balance';
import { $token, $user } from '../../../src/stores/session';
import { readTokenCookie, tokenCookie } from '../../../src/stores/token-cookie';

const user = (balance: string): User => ({
  id: 1, email: 'a@b.cd', username: 'ana', first_name: '', last_name: '', balance, bonus_balance: '0.00', currency: 'EUR',
  loyalty: { level: 'bronze', points: 0, next_level_points: 1000 }, referral_code: 'ABCDEFGH', date_joined: '2026-01-01T00:00:00.000Z',
  limits: { deposit_min: '10.00', deposit_max: '10000.00', withdrawal_min: '10.00', withdrawal_max: '5000.00' },
});

afterEach(() => {
  cleanStores($user, $token, $lowBalanceOpen);
  $user.set(null);
  $token.set(null);
  $lowBalanceOpen.set(false);
});

describe('low balance', () => {
  it.each([
    ['0.49', true],
    ['0.50', true],
    ['0.51', false],
    ['0.00', true],
    ['1000000.00', false],
  ])('balance %s is low: %s', (balance, low) => {
    expect(isLowBalance(balance)).toBe(low);
  });

  it('opens the dialog whenever the user is set or updated with a low balance', () => {
    const stop = watchLowBalance();
    $user.set(user('0.51'));
    expect($lowBalanceOpen.get()).toBe(false);
    $user.set(user('0.50'));
    expect($lowBalanceOpen.get()).toBe(true);
    $lowBalanceOpen.set(false);
    $user.set(user('0.49'));
    expect($lowBalanceOpen.get()).toBe(true);
    stop();
  });
});

describe('app start', () => {
  it('loads the user first, then calls player_set', async () => {
    const order: string[] = [];
    const result = await startSession({
      token: 'c'.repeat(40),
      loadUser: async () => {
        order.push('me');
        await new Promise((resolve) => setTimeout(resolve, 10));
        order.push('me done');
        return user('5.00');
      },
      registerPlayer: async () => order.push('player_set'),
      reloadOnce: () => order.push('reload'),
    });
    expect(result).toBe('signed-in');
    expect(order).toEqual(['me', 'me done', 'player_set']);
    expect($user.get()?.username).toBe('ana');
  });

  it('requests nothing without a token', async () => {
    const loadUser = vi.fn();
    const registerPlayer = vi.fn();
    expect(await startSession({ token: null, loadUser, registerPlayer, reloadOnce: vi.fn() })).toBe('signed-out');
    expect(loadUser).not.toHaveBeenCalled();
    expect(registerPlayer).not.toHaveBeenCalled();
  });

  it('when the API refuses the token (401): clears it, does not reload, and skips player_set', async () => {
    const info = vi.spyOn(console, 'info').mockImplementation(() => {});
    $token.set('d'.repeat(40));
    const registerPlayer = vi.fn();
    const reloadOnce = vi.fn();
    const refused = () => Promise.reject(new ApiError(401, { detail: 'Your session has ended. Please sign in again.' }));
    expect(await startSession({ token: 'd'.repeat(40), loadUser: refused, registerPlayer, reloadOnce })).toBe('ended');
    expect($token.get()).toBeNull();
    expect(reloadOnce).not.toHaveBeenCalled();
    expect(registerPlayer).not.toHaveBeenCalled();
    info.mockRestore();
  });

  it('when the user cannot be loaded for another reason: logs, clears the token, reloads once, and skips player_set', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    $token.set('d'.repeat(40));
    const registerPlayer = vi.fn();
    const reloadOnce = vi.fn();
    const result = await startSession({ token: 'd'.repeat(40), loadUser: () => Promise.reject(new Error('401')), registerPlayer, reloadOnce });
    expect(result).toBe('failed');
    expect($token.get()).toBeNull();
    expect(reloadOnce).toHaveBeenCalledOnce();
    expect(registerPlayer).not.toHaveBeenCalled();
    expect(error).toHaveBeenCalled();
    error.mockRestore();
  });
});

describe('token cookie', () => {
  it('reads only a well-formed token', () => {
    expect(readTokenCookie(`a=1; auth_token=${'e'.repeat(40)}; b=2`)).toBe('e'.repeat(40));
    expect(readTokenCookie('auth_token=<script>')).toBeNull();
    expect(readTokenCookie('')).toBeNull();
  });

  it('is path /, SameSite=Lax, Secure only on https, and deleted with Max-Age=0', () => {
    expect(tokenCookie('f'.repeat(40), false)).toBe(`auth_token=${'f'.repeat(40)}; Max-Age=2592000; Path=/; SameSite=Lax`);
    expect(tokenCookie('f'.repeat(40), true)).toMatch(/; Secure$/);
    expect(tokenCookie(null, false)).toBe('auth_token=; Max-Age=0; Path=/; SameSite=Lax');
  });
});
