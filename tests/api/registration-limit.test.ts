import { afterAll, describe, expect, it } from 'vitest';
import { manualClock } from '../../server/src/base/clock.ts';
import { loadConfig } from '../../server/src/config/server-config.ts';
import { ADULT, createTestApi, type TestApi } from './harness.ts';

const apis: TestApi[] = [];
afterAll(() => Promise.all(apis.map((api) => api.close())));

const registration = (tag: string) => ({
  email: `reg_${tag}@example.test`,
  username: `reg_${tag}`,
  password: 'amber-lantern-9',
  ...ADULT,
});
const userCount = async (api: TestApi) =>
  (await api.db.query<{ n: number }>('SELECT count(*)::int AS n FROM users'))[0]!.n;

describe('registrations per client address', () => {
  it('lets exactly REGISTER_MAX_PER_ADDRESS of 200 parallel sign-ups from one address in; others get 429', async () => {
    const api = await createTestApi({ REGISTER_MAX_PER_ADDRESS: '5', TRUST_PROXY: '1' }, { clock: manualClock() });
    apis.push(api);
    const replies = await Promise.all(
      Array.from({ length: 200 }, (_, index) =>
        api.request('POST', '/auth/users/', {
          body: registration(`p${index}`),
          headers: { 'x-forwarded-for': '203.0.113.50' },
        }),
      ),
    );
    const statuses = replies.map((reply) => reply.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(5);
    expect(statuses.filter((status) => status === 429)).toHaveLength(195);
    expect(await userCount(api)).toBe(5);
    const refused = replies.find((reply) => reply.status === 429)!;
    expect(refused.headers.get('retry-after')).toBe('3600');
    expect(refused.body).toEqual({
      detail: 'Too many accounts have been created from your network. Please try again in 60 min.',
    });
    // Another address is not affected.
    const other = await api.request('POST', '/auth/users/', {
      body: registration('other'),
      headers: { 'x-forwarded-for': '198.51.100.50' },
    });
    expect(other.status).toBe(201);
  }, 120_000);

  it('has a default a real site would use, 5 an hour per address, and opens again when the hour is over', async () => {
    expect(loadConfig({}).auth).toMatchObject({ registerMaxPerAddress: 5, registerWindowSeconds: 3600 });
    const clock = manualClock();
    // An empty value is the default: this lifts the harness's test setting.
    const api = await createTestApi({ REGISTER_MAX_PER_ADDRESS: '' }, { clock });
    apis.push(api);
    for (let i = 0; i < 5; i++)
      expect((await api.request('POST', '/auth/users/', { body: registration(`d${i}`) })).status).toBe(201);
    clock.advance(3599);
    const sixth = await api.request('POST', '/auth/users/', {
      body: registration('d5'),
      headers: { 'accept-language': 'ja' },
    });
    expect(sixth.status).toBe(429);
    expect(sixth.headers.get('retry-after')).toBe('1');
    expect(sixth.body.detail).toBe(
      'お使いのネットワークから作成されたアカウントが多すぎます。1分後にもう一度お試しください。',
    );
    expect(await userCount(api)).toBe(5);
    clock.advance(1);
    expect((await api.request('POST', '/auth/users/', { body: registration('d6') })).status).toBe(201);
  }, 120_000);

  it('refuses bad settings at start', () => {
    expect(() => loadConfig({ REGISTER_MAX_PER_ADDRESS: '0' })).toThrow(/REGISTER_MAX_PER_ADDRESS/);
    expect(() => loadConfig({ TOKEN_IDLE_DAYS: '100', TOKEN_MAX_AGE_DAYS: '90' })).toThrow(/TOKEN_IDLE_DAYS/);
  });
});
