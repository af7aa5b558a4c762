import { cleanStores } from 'nanostores';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { User } from '#core/api/contract.ts';
import { ApiError } from '../../../src/api/errors';
import { startSession } from '../../../src/stores/app-start';
import { $balanceDialog } from '../../../src/stores/dialogs';
import { expectWelcome, isLowBalance, watchLowBalance } from '../../../src/stores/low-balance';
import { $token, $user } from '../../../src/stores/session';
import { readTokenCookie, tokenCookie } from '../../../src/api/token-cookie';
import { player as basePlayer } from './form-fixtures';

const user = (balance: string): User =>
  basePlayer({
    email: 'a@b.cd',
    balance,
    limits: { deposit_min: '10.00', deposit_max: '10000.00', withdrawal_min: '10.00', withdrawal_max: '5000.00' },
  });

afterEach(() => {
  cleanStores($user, $token, $balanceDialog);
  $user.set(null);
  $token.set(null);
  $balanceDialog.set(null);
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

  /** A sessionStorage stand-in: one browser session, shared by the pages of a visit. */
  const session = () => {
    const map = new Map<string, string>();
    return {
      getItem: (key: string) => map.get(key) ?? null,
      setItem: (key: string, value: string) => void map.set(key, value),
    } as Storage;
  };
  const player = (id: number, balance: string): User => ({ ...user(balance), id });

  it('opens once when the player is first loaded in a visit with a low balance, not on the next page', () => {
    const storage = session();
    let stop = watchLowBalance({ storage });
    $user.set(player(7, '0.30'));
    expect($balanceDialog.get()).toBe('low');
    $balanceDialog.set(null);
    stop();
    // The next page of the same visit: the same low balance is loaded again, no dialog.
    $user.set(null);
    stop = watchLowBalance({ storage });
    $user.set(player(7, '0.30'));
    expect($balanceDialog.get()).toBe(null);
    // An update that keeps it low does not nag either.
    $user.set(player(7, '0.10'));
    expect($balanceDialog.get()).toBe(null);
    stop();
  });

  it('opens when an update takes the balance from above 0.50 to 0.50 or less', () => {
    const stop = watchLowBalance({ storage: session() });
    $user.set(player(7, '25.00'));
    expect($balanceDialog.get()).toBe(null);
    $user.set(player(7, '0.51'));
    expect($balanceDialog.get()).toBe(null);
    $user.set(player(7, '0.50'));
    expect($balanceDialog.get()).toBe('low');
    stop();
  });

  it('stays shut on a quiet page (deposit), but counts the visit as seen', () => {
    const storage = session();
    let stop = watchLowBalance({ quiet: true, storage });
    $user.set(player(7, '0.00'));
    expect($balanceDialog.get()).toBe(null);
    stop();
    $user.set(null);
    stop = watchLowBalance({ storage });
    $user.set(player(7, '0.00'));
    expect($balanceDialog.get()).toBe(null);
    stop();
  });

  it('another player in the same browser session gets their own first view', () => {
    const storage = session();
    const stop = watchLowBalance({ storage });
    $user.set(player(7, '0.00'));
    $balanceDialog.set(null);
    $user.set(player(8, '0.00'));
    expect($balanceDialog.get()).toBe('low');
    stop();
  });

  it('right after registration: the welcome, not the low-balance warning', () => {
    const stop = watchLowBalance({ storage: session() });
    expectWelcome();
    $user.set(player(9, '0.00'));
    expect($balanceDialog.get()).toBe('welcome');
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
    const refused = () =>
      Promise.reject(new ApiError(401, { detail: 'Your session has ended. Please sign in again.' }));
    expect(await startSession({ token: 'd'.repeat(40), loadUser: refused, registerPlayer, reloadOnce })).toBe('ended');
    expect($token.get()).toBeNull();
    expect(reloadOnce).not.toHaveBeenCalled();
    expect(registerPlayer).not.toHaveBeenCalled();
    info.mockRestore();
  });

  it('API not reached (offline, or a link followed during page load): keeps the token, does not reload', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    $token.set('d'.repeat(40));
    const registerPlayer = vi.fn();
    const reloadOnce = vi.fn();
    const unreachable = () => Promise.reject(new ApiError(0, undefined, new TypeError('Failed to fetch')));
    expect(await startSession({ token: 'd'.repeat(40), loadUser: unreachable, registerPlayer, reloadOnce })).toBe(
      'unreachable',
    );
    expect($token.get()).toBe('d'.repeat(40));
    expect(reloadOnce).not.toHaveBeenCalled();
    expect(registerPlayer).not.toHaveBeenCalled();
    warn.mockRestore();
  });

  it('user not loadable for another reason: logs, clears the token, reloads once, skips player_set', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    $token.set('d'.repeat(40));
    const registerPlayer = vi.fn();
    const reloadOnce = vi.fn();
    const result = await startSession({
      token: 'd'.repeat(40),
      loadUser: () => Promise.reject(new Error('401')),
      registerPlayer,
      reloadOnce,
    });
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
    expect(tokenCookie('f'.repeat(40), false)).toBe(
      `auth_token=${'f'.repeat(40)}; Max-Age=2592000; Path=/; SameSite=Lax`,
    );
    expect(tokenCookie('f'.repeat(40), true)).toMatch(/; Secure$/);
    expect(tokenCookie(null, false)).toBe('auth_token=; Max-Age=0; Path=/; SameSite=Lax');
  });

  it('lives as long as the token the server describes, not a fixed 30 days', () => {
    const now = Date.parse('2026-03-01T12:00:00Z');
    const token = 'f'.repeat(40);
    // 90 days (TOKEN_MAX_AGE_DAYS) from a fresh sign-in, 12 hours near the end, never negative.
    expect(tokenCookie(token, false, '2026-05-30T12:00:00Z', now)).toBe(
      `auth_token=${token}; Max-Age=${90 * 86_400}; Path=/; SameSite=Lax`,
    );
    expect(tokenCookie(token, false, new Date(now + 12 * 3_600_000), now)).toBe(
      `auth_token=${token}; Max-Age=43200; Path=/; SameSite=Lax`,
    );
    expect(tokenCookie(token, false, '2026-02-01T00:00:00Z', now)).toBe(
      `auth_token=${token}; Max-Age=0; Path=/; SameSite=Lax`,
    );
  });
});
