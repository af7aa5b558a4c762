// Sign-in and registration as the dialogs run them (src/stores/auth-actions.ts), in Node: the API
// modules are replaced by recorders, the browser's storage and document by small stand-ins.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RegisterResponse } from '#core/api/contract.ts';
import { ApiError } from '../../../src/api/errors';
import { player, translators } from './form-fixtures';

const api = vi.hoisted(() => ({ login: vi.fn(), register: vi.fn(), getMe: vi.fn(), playerSet: vi.fn() }));
vi.mock('../../../src/api/auth', async (original) => ({
  ...(await original<object>()),
  login: api.login,
  register: api.register,
}));
vi.mock('../../../src/api/user', async (original) => ({ ...(await original<object>()), getMe: api.getMe }));
vi.mock('../../../src/api/games', async (original) => ({ ...(await original<object>()), playerSet: api.playerSet }));

const { authForm, signIn, signUp } = await import('../../../src/stores/auth-actions');
const { $token, $user } = await import('../../../src/stores/session');
const { registeredEmail } = await import('../../../src/stores/dialogs');

const messages = { api: translators.api, auth: translators.auth };
const storage = () => {
  const items = new Map<string, string>();
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
};

beforeEach(() => {
  vi.stubGlobal('localStorage', storage());
  vi.stubGlobal('sessionStorage', storage());
  vi.stubGlobal('document', { cookie: '', documentElement: { lang: 'en' } });
  vi.stubGlobal('location', { protocol: 'https:', pathname: '/', search: '' });
  api.playerSet.mockResolvedValue(undefined);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.resetAllMocks();
  $user.set(null);
});

describe('sign-in form', () => {
  const form = () => authForm(signIn, messages);

  it('refuses an empty address and password before any call (the server judges the rest)', async () => {
    const store = form();
    expect(await store.submit({ email: '', password: '' })).toBe(false);
    expect(Object.keys(store.$errors.get()).sort()).toEqual(['email', 'password']);
    expect(store.$errors.get().password).toEqual([translators.api('errors.required')]);
    expect(api.login).not.toHaveBeenCalled();
  });

  it('signs in once on a double submit, with the trimmed address, and keeps the session', async () => {
    let answer!: (value: unknown) => void;
    api.login.mockReturnValue(new Promise((resolve) => (answer = resolve)));
    api.getMe.mockResolvedValue(player());
    const store = form();
    const first = store.submit({ email: ' ana@example.com ', password: 'amber-lantern-93' });
    expect(await store.submit({ email: 'ana@example.com', password: 'amber-lantern-93' })).toBe(false);
    answer({ auth_token: 'tok', expires_at: '2026-12-01T00:00:00.000Z', first_sign_in: false });
    expect(await first).toBe(true);
    expect(api.login).toHaveBeenCalledTimes(1);
    // With this browser's random device id, kept in storage for the next sign-in (docs/security.md).
    const device = localStorage.getItem('device-id');
    expect(device).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(api.login).toHaveBeenCalledWith({
      email: 'ana@example.com',
      password: 'amber-lantern-93',
      device_id: device,
    });
    expect($user.get()).toEqual(player());
    expect($token.get()).toBe('tok');
    expect(store.$state.get()).toBe('done');
  });

  it('sends the same device id at every sign-in, a new one for a tampered value, none without storage', async () => {
    api.login.mockResolvedValue({ auth_token: 'tok', expires_at: '2026-12-01T00:00:00.000Z', first_sign_in: false });
    api.getMe.mockResolvedValue(player());
    const values = { email: 'ana@example.com', password: 'amber-lantern-93' };
    await form().submit(values);
    await form().submit(values);
    const sent = api.login.mock.calls.map(([body]) => (body as { device_id?: string }).device_id);
    expect(sent[0]).toBeDefined();
    expect(sent[1]).toBe(sent[0]);
    localStorage.setItem('device-id', 'not-a-uuid');
    await form().submit(values);
    expect(api.login.mock.calls[2]![0].device_id).not.toBe('not-a-uuid');
    expect(localStorage.getItem('device-id')).toBe(api.login.mock.calls[2]![0].device_id);
    vi.stubGlobal('localStorage', {
      getItem: () => {
        throw new Error('storage disabled');
      },
    });
    await form().submit(values);
    expect(api.login.mock.calls[3]![0]).toEqual(values);
  });

  it('puts the server refusal on the form, and a lock-out adds the way out', async () => {
    api.login.mockRejectedValueOnce(new ApiError(400, { non_field_errors: ['Unable to log in.'] }));
    api.login.mockRejectedValueOnce(new ApiError(429, { detail: 'Too many attempts.' }));
    const store = form();
    const values = { email: 'ana@example.com', password: 'wrong-one' };
    await store.submit(values);
    expect(store.$errors.get()).toEqual({ form: ['Unable to log in.'] });
    await store.submit(values);
    const { auth } = messages;
    expect(store.$errors.get()).toEqual({
      form: ['Too many attempts.', auth('sign_in.locked_hint', { forgot: auth('sign_in.forgot') })],
    });
    expect($user.get()).toBeNull();
  });

  it('asks for the two-factor code on its field, and checks a code before sending it', async () => {
    api.login.mockRejectedValueOnce(new ApiError(400, { code: ['Enter the code from your app.'] }));
    const store = form();
    await store.submit({ email: 'ana@example.com', password: 'amber-lantern-93' });
    expect(store.$errors.get()).toEqual({ code: ['Enter the code from your app.'] });
    await store.submit({ email: 'ana@example.com', password: 'amber-lantern-93', code: '12<34' });
    expect(store.$errors.get()).toEqual({ code: [translators.api('two_factor.code_format')] });
    expect(api.login).toHaveBeenCalledTimes(1);
  });

  it('says the network failed when the server is not reached', async () => {
    api.login.mockRejectedValue(new ApiError(0, null));
    const store = form();
    expect(await store.submit({ email: 'ana@example.com', password: 'amber-lantern-93' })).toBe(false);
    expect(store.$errors.get()).toEqual({ form: [messages.auth('dialog.network_error')] });
    expect(store.$state.get()).toBe('error');
  });
});

describe('registration form', () => {
  const values: Parameters<typeof signUp>[0] = {
    email: 'new@example.com',
    username: 'newplayer',
    password: 'amber-lantern-harbour-93',
    date_of_birth: '1990-05-01',
    accept_terms: true,
  };
  const setup = () => {
    const created: RegisterResponse[] = [];
    return {
      created,
      store: authForm((input: typeof values, m) => signUp(input, m, (a) => created.push(a)), messages),
    };
  };

  it('refuses a minor, a weak password and unaccepted terms on their fields, without a call', async () => {
    const { store } = setup();
    await store.submit({ ...values, date_of_birth: '2020-01-01', password: 'password', accept_terms: false });
    expect(Object.keys(store.$errors.get()).sort()).toEqual(['accept_terms', 'date_of_birth', 'password']);
    expect(api.register).not.toHaveBeenCalled();
  });

  it('registers once on a double submit and hands over the answer, remembering the address', async () => {
    const answer = { email: 'new@example.com', username: 'newplayer' } as RegisterResponse;
    let reply!: (value: unknown) => void;
    api.register.mockReturnValue(new Promise((resolve) => (reply = resolve)));
    const { store, created } = setup();
    const first = store.submit(values);
    expect(await store.submit(values)).toBe(false);
    // The strength check loads its dictionaries before the call: wait until the call is made.
    await vi.waitFor(() => expect(api.register).toHaveBeenCalledTimes(1));
    reply(answer);
    expect(await first).toBe(true);
    expect(api.register.mock.calls[0]![0]).toMatchObject({ email: 'new@example.com', username: 'newplayer' });
    expect(created).toEqual([answer]);
    expect(registeredEmail()).toBe('new@example.com');
  });

  it('sends the country and a monthly deposit limit; a bad country or limit is refused first', async () => {
    api.register.mockResolvedValue({ email: 'new@example.com', username: 'newplayer' });
    const { store } = setup();
    const limit = { amount: '250.00', period: 'month' as const };
    await store.submit({ ...values, country: 'UK', deposit_limit: { amount: 'lots', period: 'month' as const } });
    expect(store.$errors.get()).toEqual({
      country: ['Choose a country from the list.'],
      deposit_limit: ['Enter a monthly deposit limit as an amount, such as 500.00.'],
    });
    expect(api.register).not.toHaveBeenCalled();
    expect(await store.submit({ ...values, country: 'DE', deposit_limit: limit })).toBe(true);
    expect(api.register.mock.calls[0]![0]).toMatchObject({ country: 'DE', deposit_limit: limit });
  });

  it('maps a taken username to its field and a network failure to the form', async () => {
    api.register.mockRejectedValueOnce(new ApiError(400, { username: ['That username is taken.'] }));
    api.register.mockRejectedValueOnce(new ApiError(0, null));
    const { store, created } = setup();
    await store.submit(values);
    expect(store.$errors.get()).toEqual({ username: ['That username is taken.'] });
    await store.submit(values);
    expect(store.$errors.get()).toEqual({ form: [messages.auth('dialog.network_error')] });
    expect(created).toEqual([]);
  });
});
