import { afterEach, describe, expect, it, vi } from 'vitest';

afterEach(() => {
  vi.resetModules();
});

describe('the API client and the session store', () => {
  it('refuses to read a token before the session store linked itself', async () => {
    const { sessionLink } = await import('../../../src/api/session-link');
    expect(() => sessionLink()).toThrow('The API client was used before src/stores/session.ts linked the session');
  });

  it('reads the token from the session store once it is loaded', async () => {
    const { $token } = await import('../../../src/stores/session');
    const { sessionLink } = await import('../../../src/api/session-link');
    $token.set('a'.repeat(40));
    expect(sessionLink().token()).toBe('a'.repeat(40));
    $token.set(null);
    expect(sessionLink().token()).toBeNull();
  });

  it('ends the session and opens the sign-in dialog when the API refuses the token', async () => {
    const { $token, $user } = await import('../../../src/stores/session');
    const { $authDialog, $sessionEnded } = await import('../../../src/stores/dialogs');
    const { sessionRefused } = await import('../../../src/api/instance');
    $token.set('b'.repeat(40));
    sessionRefused();
    expect($token.get()).toBeNull();
    expect($user.get()).toBeNull();
    expect($sessionEnded.get()).toBe(true);
    expect($authDialog.get()).toBe('sign-in');
  });
});
