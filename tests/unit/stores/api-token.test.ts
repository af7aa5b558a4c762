import { afterEach, describe, expect, it, vi } from 'vitest';

afterEach(() => {
  vi.resetModules();
});

describe('the API client and the session store', () => {
  it('the client sends the token the session store holds', async () => {
    const { $token, setToken } = await import('../../../src/stores/session');
    const api = await import('../../../src/api/token');
    setToken('a'.repeat(40));
    expect(api.$token.get()).toBe('a'.repeat(40));
    expect($token).toBe(api.$token);
    setToken(null);
    expect(api.$token.get()).toBeNull();
  });

  it('a refusal forgets the token and the player, and opens the sign-in dialog', async () => {
    const { $token, $user, setUser, setToken } = await import('../../../src/stores/session');
    const { $authDialog, $sessionEnded } = await import('../../../src/stores/dialogs');
    const { sessionRefused } = await import('../../../src/api/instance');
    setToken('b'.repeat(40));
    setUser({ id: 1 } as never);
    sessionRefused();
    expect($token.get()).toBeNull();
    expect($user.get()).toBeNull();
    expect($sessionEnded.get()).toBe(true);
    expect($authDialog.get()).toBe('sign-in');
    // With the server's reason (an inactivity time-out), the dialog says that instead.
    setToken('c'.repeat(40));
    sessionRefused('You were signed out after 30 minutes without activity. Please sign in again.');
    expect($token.get()).toBeNull();
    expect($sessionEnded.get()).toBe('You were signed out after 30 minutes without activity. Please sign in again.');
  });

  it('a refusal that came before the session store loaded is acted on when it loads', async () => {
    const { sessionRefused, $token } = await import('../../../src/api/instance').then(async (instance) => ({
      ...instance,
      ...(await import('../../../src/api/token')),
    }));
    $token.set('c'.repeat(40));
    sessionRefused();
    const { $authDialog } = await import('../../../src/stores/dialogs');
    expect($authDialog.get()).toBeNull();
    await import('../../../src/stores/session');
    expect($authDialog.get()).toBe('sign-in');
    expect($token.get()).toBeNull();
  });
});
