// Limbo on the provider API, both databases: real-money rounds move the balance by exactly
// payout − stake, the round verifies from the revealed seed, and bad bets are refused in the
// session's language.
import { describe, expect, it } from 'vitest';
import { balanceOf, useTestApi } from './harness.ts';
import { expectRoundsRecompute } from './recomputed-rounds.ts';
import { PINNED_SERVER_SEED, PINS, pinGameSeeds, unpinGameSeedsAfterEach } from './pinned-seeds.ts';

const ctx = useTestApi();
unpinGameSeedsAfterEach(ctx);

async function launchLimbo(token: string, lang = 'en', mode: 'real' | 'demo' = 'real') {
  const res = await ctx.api.request('POST', '/gmnggate/api', {
    token,
    body: { method: 'game_launch', game_id: 'limbo', mode },
    headers: { 'accept-language': lang },
  });
  expect(res.status).toBe(200);
  return res.body.session_id as string;
}
const api = (path: string, body?: unknown, lang = 'en') =>
  ctx.api.request(body === undefined ? 'GET' : 'POST', `/demo-games/api/sessions/${path}`, {
    body,
    encrypt: false,
    headers: { 'accept-language': lang },
  });

describe('limbo: real-money rounds', () => {
  it('a win and a loss move the balance by exactly payout − stake, and the rounds verify', async () => {
    const player = await ctx.api.player({ balance: '50.00' });
    pinGameSeeds(ctx.api.services, PINS.limbo);
    const id = await launchLimbo(player.token);
    const state = (await api(id)).body;
    expect(state.game).toMatchObject({ id: 'limbo', mechanic: 'limbo' });
    expect(state.min_bet).toBe('0.10');

    // The pinned result 5.04× reaches 3.33×: 2.50 × 3.33 = 8.325, paid 8.32 (down to the cent).
    const win = await api(`${id}/rounds`, { bet: { type: 'limbo', amount: '2.50', target: '3.33' } });
    expect(win.status).toBe(200);
    expect(win.body.round).toMatchObject({
      nonce: 1,
      bet: { type: 'limbo', amount: '2.50', target: '3.33' },
      outcome: { type: 'limbo', result: '5.04' },
      stake: '2.50',
      win: '8.32',
    });
    expect(win.body.balance).toBe('55.82');
    expect(await balanceOf(ctx.api, player.id)).toBe('55.82');

    // 1.07× does not reach 1.10×: the stake is lost.
    const loss = await api(`${id}/rounds`, { bet: { type: 'limbo', amount: '3.00', target: '1.10' } });
    expect(loss.body.round).toMatchObject({ nonce: 2, outcome: { result: '1.07' }, win: '0.00' });
    expect(loss.body.balance).toBe('52.82');
    expect(await balanceOf(ctx.api, player.id)).toBe('52.82');

    const ledger = await ctx.api.db.query<{ kind: string; amount: string }>(
      `SELECT kind, amount::text FROM wallet_transactions WHERE user_id = $1 ORDER BY id`,
      [player.id],
    );
    expect(ledger.map((row) => `${row.kind} ${row.amount}`).sort()).toEqual([
      'bet 2.50',
      'bet 3.00',
      'win 0.00',
      'win 8.32',
    ]);

    const rotation = await api(`${id}/seeds`, { client_seed: 'mine' });
    expect(rotation.body.revealed.server_seed).toBe(PINNED_SERVER_SEED);
    await expectRoundsRecompute((await api(id)).body.rounds);
  });
});

describe('limbo: bad bets', () => {
  it.each([
    ['a target under 1.01', { target: '1.00' }],
    ['a target over 1,000,000', { target: '1000000.01' }],
    ['a target with three decimals', { target: '2.001' }],
    ['a target that is not a string', { target: 2 }],
  ])('refuses %s with 400 in the session’s language, and takes nothing', async (_name, change) => {
    const player = await ctx.api.player({ balance: '20.00' });
    const id = await launchLimbo(player.token, 'ja');
    const res = await api(`${id}/rounds`, { bet: { type: 'limbo', amount: '1.00', ...change } }, 'en');
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ detail: 'このベットは無効です。' });
    expect(await balanceOf(ctx.api, player.id)).toBe('20.00');
  });

  it('refuses a stake rounding would cost over 0.1 point on (1.01× at 0.15), and takes whole euros there', async () => {
    const player = await ctx.api.player({ balance: '20.00' });
    pinGameSeeds(ctx.api.services, PINS.limbo);
    const id = await launchLimbo(player.token);
    const off = await api(`${id}/rounds`, { bet: { type: 'limbo', amount: '0.15', target: '1.01' } });
    expect(off.status).toBe(400);
    expect(off.body.detail).toBe(
      'This bet takes stakes in multiples of €1.00, or any stake from €9.00, so that rounding a win down to ' +
        'the cent costs you at most 0.1 % of the return.',
    );
    expect(await balanceOf(ctx.api, player.id)).toBe('20.00');
    const on = await api(`${id}/rounds`, { bet: { type: 'limbo', amount: '1.00', target: '1.01' } });
    expect(on.status).toBe(200);
    // The pinned 5.04× reaches 1.01×: 1.00 staked, 1.01 paid.
    expect(on.body.round.win).toBe('1.01');
    expect(await balanceOf(ctx.api, player.id)).toBe('20.01');
  });
});
