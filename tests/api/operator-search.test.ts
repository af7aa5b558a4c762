import { describe, expect, it } from 'vitest';
import { manualClock } from '../../server/src/base/clock.ts';
import { useTestApi } from './harness.ts';
import { staffMember } from './operator-harness.ts';

const clock = manualClock(new Date('2026-07-01T10:00:00Z'));
// The addresses come from X-Forwarded-For, as behind the site's one proxy.
const ctx = useTestApi({ TRUST_PROXY: '1' }, { clock });

let n = 0;
/** A player registered and signed in from given addresses. */
async function playerFrom(signup: string, signIn: string, extra: { first?: string; last?: string } = {}) {
  n += 1;
  const credentials = {
    email: `search_${n}_${Date.now().toString(36)}@example.test`,
    username: `search_${n}_${Date.now().toString(36)}`,
    password: 'correct-horse-battery',
  };
  const { id } = await ctx.api.registerActive(credentials, { 'x-forwarded-for': signup });
  const login = await ctx.api.request('POST', '/auth/token/login/', {
    body: { email: credentials.email, password: credentials.password },
    headers: { 'x-forwarded-for': signIn },
  });
  expect(login.status).toBe(200);
  if (extra.first || extra.last)
    await ctx.api.db.query('UPDATE users SET first_name = $2, last_name = $3 WHERE id = $1', [
      id,
      extra.first ?? '',
      extra.last ?? '',
    ]);
  return { id, ...credentials, token: login.body.auth_token as string };
}

const ids = (text: string) => [...text.matchAll(/<tr data-player="(\d+)">/g)].map((m) => Number(m[1]));

describe('player search', () => {
  it('finds by name, sign-up and sign-in address, card last 4 and IBAN fragment, says what matched', async () => {
    const a = await playerFrom('198.51.100.7', '203.0.113.20', { first: 'Ingrid', last: 'Vasquez-Lund' });
    const b = await playerFrom('198.51.99.8', '198.51.100.7'); // signed in from a's network
    await ctx.api.db.query(
      'INSERT INTO transactions (user_id, type, amount, status, method, destination, template, created_at) ' +
        "VALUES ($1, 'withdrawal', -5, 'completed', 'card', '•••• 4929', 'withdrawal', $2), ($3, " +
        "'withdrawal', -6, 'completed', 'bank_transfer', 'DE89 •••• 3000', 'withdrawal', $2)",
      [a.id, clock().toISOString(), b.id],
    );
    const admin = await staffMember(ctx.api, 'admin');
    const search = (q: string, extra = '') => admin.client.get(`/operator/players?q=${encodeURIComponent(q)}${extra}`);

    const byName = await search('vasquez');
    expect(ids(byName.text)).toEqual([a.id]);
    expect(byName.text).toContain('<td data-matched>name</td>');
    expect(ids((await search('Ingrid Vasquez')).text)).toEqual([a.id]);
    const byAddress = await search('198.51.100.7');
    expect(ids(byAddress.text).sort()).toEqual([a.id, b.id].sort());
    expect(byAddress.text).toContain(`<tr data-player="${a.id}">`);
    expect(
      new RegExp(`<tr data-player="${a.id}">[\\s\\S]*?<td data-matched>sign-up address</td>`).test(byAddress.text),
    ).toBe(true);
    expect(
      new RegExp(`<tr data-player="${b.id}">[\\s\\S]*?<td data-matched>sign-in address</td>`).test(byAddress.text),
    ).toBe(true);
    expect(ids((await search('203.0.113.20')).text)).toEqual([a.id]);
    const byCard = await search('4929');
    expect(ids(byCard.text)).toEqual([a.id]);
    expect(byCard.text).toContain('<td data-matched>payout destination</td>');
    expect(ids((await search('de89')).text)).toEqual([b.id]);
    expect(ids((await search('3000')).text)).toEqual([b.id]);
    // An exact email opens the player.
    expect((await search(a.email.toUpperCase())).location).toBe(`/operator/players/${a.id}`);
    const none = await search('no-such-player-anywhere');
    expect(none.text).toContain('<p data-range>No results (0 of 0)</p>');
    expect((await search('x', '&page=0')).status).toBe(400);

    // 55 players sharing a name: 50 on the first page, 5 on the second.
    for (let i = 0; i < 55; i++) {
      await ctx.api.db.query(
        'INSERT INTO users (email, username, first_name, password_hash, currency, referral_code, ' +
          "date_joined) VALUES ($1, $2, 'Quillon', 'x', 'EUR', $3, $4)",
        [`quillon${i}@example.test`, `quillon_${String(i).padStart(2, '0')}`, `QUILL${i}`, clock().toISOString()],
      );
    }
    const first = await search('quillon');
    expect(first.text).toContain('<p data-range>Showing 1–50 of 55</p>');
    const second = await search('quillon', '&page=2');
    expect(second.text).toContain('<p data-range>Showing 51–55 of 55</p>');
    expect(ids(second.text)).toHaveLength(5);
  });

  it('shows possible duplicate accounts (same address, same payout destination) on the player page', async () => {
    const a = await playerFrom('192.0.2.50', '192.0.2.50');
    const b = await playerFrom('192.0.3.51', '192.0.2.77'); // signed in from a's network
    const c = await playerFrom('192.0.4.52', '192.0.4.53');
    const d = await playerFrom('192.0.5.54', '192.0.5.55');
    await ctx.api.db.query(
      'INSERT INTO transactions (user_id, type, amount, status, method, destination, template, created_at) ' +
        "VALUES ($1, 'withdrawal', -5, 'completed', 'card', '•••• 1881', 'withdrawal', $3), ($2, " +
        "'withdrawal', -6, 'pending', 'card', '•••• 1881', 'withdrawal', $3)",
      [a.id, c.id, clock().toISOString()],
    );
    const support = await staffMember(ctx.api, 'support');
    const page = await support.client.get(`/operator/players/${a.id}`);
    const rows = [
      ...page.text.matchAll(/<tr data-duplicate="(\d+)">[\s\S]*?<td>([^<]*)<\/td><td>([^<]*)<\/td><\/tr>/g),
    ].map((m) => [Number(m[1]), m[2], m[3]]);
    expect(rows.sort()).toEqual(
      [
        [b.id, 'network (sign-up or sign-in address, masked)', '192.0.2.x'],
        [c.id, 'payout destination', '•••• 1881'],
      ].sort(),
    );
    const alone = await support.client.get(`/operator/players/${d.id}`);
    expect(alone.text).toContain('No other account shares an address or a payout destination with this one.');
  });
});
