import { generateKeyPairSync } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createApiClient, type ClientOptions } from '../../../src/api/client';
import { encryptBody } from '../../../src/api/encrypt-body';
import { importPublicKey } from '#core/api/envelope.ts';
import { ApiError } from '../../../src/api/errors';
import { register } from '../../../src/api/auth';
import { getMe } from '../../../src/api/user';
import { decryptEnvelope } from '#server/http/request-envelope.ts';
import { createTestApi, type TestApi } from '../../api/harness';

const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
const key = await importPublicKey(publicKey.export({ type: 'spki', format: 'der' }).toString('base64'));

interface Seen {
  headers: Headers;
  body: string | undefined;
}

/** A client whose fetch records each request and answers from `replies` in turn. */
function recordingClient(replies: Response[], options: Partial<ClientOptions> = {}) {
  const seen: Seen[] = [];
  const client = createApiClient({
    baseURL: 'http://api.test',
    getToken: () => null,
    getPublicKey: async () => key,
    getLocale: () => 'ja',
    onUnauthorized: () => {},
    fetch: async (input, init) => {
      const request = new Request(input, init);
      seen.push({ headers: request.headers, body: init?.body === undefined ? undefined : await request.text() });
      return replies.shift() ?? new Response('{}', { headers: { 'content-type': 'application/json' } });
    },
    ...options,
  });
  return { client, seen };
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('the API client', () => {
  it('sends Authorization: Token <token> whenever a token exists, and the page language', async () => {
    let token: string | null = null;
    const { client, seen } = recordingClient([json({}), json({})], { getToken: () => token });
    await client('/api/user/me');
    token = 'a'.repeat(40);
    await client('/api/user/me');
    expect(seen[0]!.headers.has('authorization')).toBe(false);
    expect(seen[1]!.headers.get('authorization')).toBe(`Token ${'a'.repeat(40)}`);
    expect(seen[1]!.headers.get('accept-language')).toBe('ja');
  });

  it('sends a JSON body as {e_data} that the server key decrypts', async () => {
    const { client, seen } = recordingClient([json({ ok: true })]);
    await client('/auth/token/login/', { method: 'POST', body: { email: 'a@b.cd', password: 'secret-pass-1' } });
    const sent = JSON.parse(seen[0]!.body!);
    expect(Object.keys(sent)).toEqual(['e_data']);
    expect(JSON.parse(await decryptEnvelope(sent.e_data, [privateKey]))).toEqual({
      email: 'a@b.cd',
      password: 'secret-pass-1',
    });
    expect(seen[0]!.headers.get('content-type')).toMatch(/application\/json/);
  });

  it("keeps a base address's path, adds the query without undefined values, sends FormData as it is", async () => {
    const seen: string[] = [];
    let sentBody: unknown;
    const client = createApiClient({
      baseURL: 'http://api.test/v1/',
      getToken: () => null,
      getPublicKey: async () => key,
      getLocale: () => 'en',
      onUnauthorized: () => {},
      fetch: async (input, init) => {
        seen.push(String(input));
        sentBody = init?.body;
        return new Response(null, { status: 204 });
      },
    });
    expect(await client('/api/user/history', { query: { page: 2, type: undefined } })).toBeUndefined();
    const form = new FormData();
    form.set('document_type', 'passport');
    await client('/api/user/verification', { method: 'POST', body: form });
    expect(seen).toEqual(['http://api.test/v1/api/user/history?page=2', 'http://api.test/v1/api/user/verification']);
    expect(sentBody).toBe(form);
  });

  it('answers 401 from an authenticated call by calling onUnauthorized, and throws a typed error', async () => {
    const onUnauthorized = vi.fn();
    const { client } = recordingClient([json({ detail: 'Invalid token.' }, 401)], {
      getToken: () => 'b'.repeat(40),
      onUnauthorized,
    });
    const error = await client('/api/user/me').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(401);
    expect((error as ApiError).detail).toBe('Invalid token.');
    expect(onUnauthorized).toHaveBeenCalledOnce();
    // The server's reason goes with it, for the sign-in dialog to show (an inactivity time-out).
    expect(onUnauthorized).toHaveBeenCalledWith('Invalid token.');
  });

  it('keeps a caller’s own Authorization (sign-out) and does not end the session on its 401', async () => {
    const onUnauthorized = vi.fn();
    const { client, seen } = recordingClient([json({ detail: 'Invalid token.' }, 401)], { onUnauthorized });
    await expect(
      client('/auth/token/logout/', { method: 'POST', headers: { Authorization: `Token ${'d'.repeat(40)}` } }),
    ).rejects.toBeInstanceOf(ApiError);
    expect(seen[0]!.headers.get('authorization')).toBe(`Token ${'d'.repeat(40)}`);
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('does not treat a 401 without a token as a lost session', async () => {
    const onUnauthorized = vi.fn();
    const { client } = recordingClient([json({ detail: 'no' }, 401)], { onUnauthorized });
    await expect(client('/api/user/me')).rejects.toBeInstanceOf(ApiError);
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('carries the server’s field messages for forms', async () => {
    const { client } = recordingClient([json({ email: ['Taken.'], non_field_errors: ['No.'] }, 400)]);
    const error = (await client('/auth/users/', { method: 'POST', body: {} }).catch((e: unknown) => e)) as ApiError;
    expect(error.status).toBe(400);
    expect(error.fields).toEqual({ email: ['Taken.'], non_field_errors: ['No.'] });
  });

  it('renews the token from Token-Expires on a successful authenticated answer, and never retries', async () => {
    const onTokenExpiry = vi.fn();
    const token = 'c'.repeat(40);
    const expiring = new Response('{}', {
      headers: { 'content-type': 'application/json', 'Token-Expires': '2026-03-02T10:00:00.000Z' },
    });
    const { client, seen } = recordingClient([expiring, json({ detail: 'Busy.' }, 503)], {
      getToken: () => token,
      onTokenExpiry,
    });
    await client('/api/user/me');
    expect(onTokenExpiry).toHaveBeenCalledExactlyOnceWith(token, '2026-03-02T10:00:00.000Z');
    // A 503 on a GET is not retried: a retry would re-run the hooks and repeat the call.
    const error = (await client('/api/user/me').catch((e: unknown) => e)) as ApiError;
    expect(error.status).toBe(503);
    expect(error.detail).toBe('Busy.');
    expect(seen).toHaveLength(2);
  });

  it('answers a file as a Blob, and a text answer as its text', async () => {
    const { client } = recordingClient([
      new Response('a,b\n1,2\n', { headers: { 'content-type': 'text/csv' } }),
      new Response('plain words', { headers: { 'content-type': 'text/plain' } }),
    ]);
    const file = await client<Blob>('/api/user/export', { as: 'blob' });
    expect(file).toBeInstanceOf(Blob);
    expect(await file.text()).toBe('a,b\n1,2\n');
    expect(await client('/api/text')).toBe('plain words');
  });

  it('reports an unreachable server as status 0', async () => {
    const client = createApiClient({
      baseURL: 'http://api.test',
      getToken: () => null,
      getPublicKey: async () => key,
      getLocale: () => 'en',
      onUnauthorized: () => {},
      fetch: async () => {
        throw new TypeError('Failed to fetch');
      },
    });
    const error = (await client('/api/snikx/win_stats').catch((e: unknown) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.isNetworkError).toBe(true);
  });
});

describe('encryptBody fallbacks', () => {
  it('without a key: logs why and sends the body unchanged', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const body = { amount: '1.00' };
    expect(await encryptBody(body, undefined)).toBe(body);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('key is not loaded'));
    warn.mockRestore();
  });

  it('when encryption fails: logs the error and sends the body unchanged', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const aesKey = await crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, false, ['encrypt']);
    const body = { amount: '1.00' };
    expect(await encryptBody(body, aesKey)).toBe(body);
    expect(error).toHaveBeenCalledWith(expect.stringContaining('encryption failed'), expect.anything());
    error.mockRestore();
  });

  it('leaves FormData and strings alone', async () => {
    const form = new FormData();
    form.set('file', 'x');
    expect(await encryptBody(form, key)).toBe(form);
    expect(await encryptBody('raw', key)).toBe('raw');
  });
});

describe('typed calls against the real server app', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await createTestApi();
  });
  afterAll(() => api.close());

  it('register and me go through encryption and come back typed', async () => {
    let token: string | null = null;
    const client = createApiClient({
      baseURL: 'http://localhost',
      getToken: () => token,
      getPublicKey: async () => api.publicKey,
      getLocale: () => 'en',
      onUnauthorized: () => {},
      fetch: async (input, init) => api.app.request(new Request(input, init)),
    });
    const created = await register(
      {
        email: 'typed@example.test',
        username: 'typed_one',
        password: 'amber-lantern-9',
        date_of_birth: '1990-04-12',
        accept_terms: true,
      },
      client,
    );
    expect(created).toEqual({ email: 'typed@example.test', username: 'typed_one' });
    const failure = (await register(
      {
        email: 'other@example.test',
        username: 'typed_one',
        password: 'amber-lantern-9',
        date_of_birth: '1990-04-12',
        accept_terms: true,
      },
      client,
    ).catch((e) => e)) as ApiError;
    expect(failure.fields.username).toEqual(['This username is already taken.']);
    const waiting = (await client('/auth/token/login/', {
      method: 'POST',
      body: { email: 'typed@example.test', password: 'amber-lantern-9' },
    }).catch((e) => e)) as ApiError;
    expect(Object.keys(waiting.fields)).toEqual(['inactive_account']);
    await api.activate('typed@example.test');
    const { auth_token } = await client<{ auth_token: string }>('/auth/token/login/', {
      method: 'POST',
      body: { email: 'typed@example.test', password: 'amber-lantern-9' },
    });
    token = auth_token;
    expect((await getMe(client)).username).toBe('typed_one');
  });
});
