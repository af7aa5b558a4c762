// Keno on the provider API, both databases: real-money rounds move the balance by exactly
// payout − stake and verify from the revealed seed; bad picks are refused in the session's language.
import { describe, expect, it } from 'vitest';
import { balanceOf, useTestApi } from './harness.ts';
import { expectRoundsRecompute } from './recomputed-rounds.ts';
import { PINNED_SERVER_SEED, PINS, pinGameSeeds, unpinGameSeedsAfterEach } from './pinned-seeds.ts';

const ctx = useTestApi();
unpinGameSeedsAfterEach(ctx);

async function launchKeno(token: string, lang = 'en') {
  const res = await ctx.api.request('POST', '/gmnggate/api', {
    token,
    body: { method: 'game_launch', game_id: 'keno', mode: 'real' },
    headers: { 'accept-language': lang },
  });
  expect(res.status).toBe(200);
  return res.body.session_id as string;
}
const api = (path: string, body?: unknown) =>
  ctx.api.request(body === undefined ? 'GET' : 'POST', `/demo-games/api/sessions/${path}`, { body, encrypt: false });

describe('keno: real-money rounds', () => {
  it('a win and a loss move the balance by exactly payout − stake, and the rounds verify', async () => {
    const player = await ctx.api.player({ balance: '50.00' });
    pinGameSeeds(ctx.api.services, PINS.limbo);
    const id = await launchKeno(player.token);
    expect((await api(id)).body.game).toMatchObject({ id: 'keno', mechanic: 'keno' });

    // Drawn 4 14 24 38 37 34 9 22 11 10: three of four picks, medium risk pays 18.80 × 0.50 = 9.40.
    const win = await api(`${id}/rounds`, {
      bet: { type: 'keno', amount: '0.50', risk: 'medium', picks: [4, 14, 24, 1] },
    });
    expect(win.status).toBe(200);
    expect(win.body.round).toMatchObject({
      outcome: { type: 'keno', drawn: [4, 14, 24, 38, 37, 34, 9, 22, 11, 10], hits: 3 },
      stake: '0.50',
      win: '9.40',
    });
    expect(await balanceOf(ctx.api, player.id)).toBe('58.90');

    // Drawn 3 28 36 5 39 7 32 23 6 37: neither 1 nor 2, nothing paid.
    const loss = await api(`${id}/rounds`, { bet: { type: 'keno', amount: '1.00', risk: 'low', picks: [1, 2] } });
    expect(loss.body.round).toMatchObject({ outcome: { hits: 0 }, win: '0.00' });
    expect(loss.body.balance).toBe('57.90');
    expect(await balanceOf(ctx.api, player.id)).toBe('57.90');

    const rotation = await api(`${id}/seeds`, { client_seed: 'mine' });
    expect(rotation.body.revealed.server_seed).toBe(PINNED_SERVER_SEED);
    await expectRoundsRecompute((await api(id)).body.rounds);
  });
});

describe('keno: bad bets', () => {
  it.each([
    ['no picks', { picks: [] }],
    ['eleven picks', { picks: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11] }],
    ['a number picked twice', { picks: [7, 7] }],
    ['a number over 40', { picks: [41] }],
    ['an unknown risk', { picks: [1], risk: 'extreme' }],
  ])('refuses %s with 400 in the session’s language, and takes nothing', async (_name, change) => {
    const player = await ctx.api.player({ balance: '20.00' });
    const id = await launchKeno(player.token, 'ja');
    const res = await api(`${id}/rounds`, { bet: { type: 'keno', amount: '1.00', risk: 'low', ...change } });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ detail: 'このベットは無効です。' });
    expect(await balanceOf(ctx.api, player.id)).toBe('20.00');
  });
});
