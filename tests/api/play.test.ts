import { systemClock } from '../../server/src/base/clock.ts';
import { describe, expect, it } from 'vitest';
import { hashServerSeed, withFairRandom } from '../../core/games/fairness.ts';
import { resolveBet } from '../../core/games/round.ts';
import { playRound } from '../../server/src/providers/games/rounds.ts';
import { walletBet } from '../../server/src/services/wallet.ts';
import { loadSession } from '../../server/src/providers/games/sessions.ts';
import { balanceOf, useTestApi } from './harness.ts';
import {
  PINNED_NEXT_SERVER_SEED,
  PINNED_SERVER_SEED,
  PINS,
  pinGameSeeds,
  unpinGameSeedsAfterEach,
} from './pinned-seeds.ts';

const PLAY_BLOCKED = 'Your account is on a time-out or self-excluded, so real-money play is not possible.';
const ctx = useTestApi({ SITE_URL: 'https://play.example.test', GAME_SESSION_HOURS: '4' });
unpinGameSeedsAfterEach(ctx);

async function launch(body: Record<string, unknown>, token?: string, lang = 'en') {
  return ctx.api.request('POST', '/gmnggate/api', {
    token,
    body: { method: 'game_launch', ...body },
    headers: { 'accept-language': lang },
  });
}
const api = (path: string, body?: unknown, lang = 'en') =>
  ctx.api.request(body === undefined ? 'GET' : 'POST', `/demo-games/api/sessions/${path}`, {
    body,
    encrypt: false,
    headers: { 'accept-language': lang },
  });

describe('game_launch', () => {
  it("launches a real game: a URL on the player's site, session bound to player, game, currency, locale", async () => {
    const player = await ctx.api.player({ balance: '20.00' });
    const res = await launch({ game_id: 'european-roulette', mode: 'real' }, player.token, 'ja,en;q=0.5');
    expect(res.status).toBe(200);
    // No GAME_PROVIDER_ORIGIN: this server is the provider, and the URL is relative, so a site opened
    // at 127.0.0.1 or a LAN address (not SITE_URL) frames its game from its own origin (frame-src 'self').
    expect(res.body).toEqual({
      session_id: expect.stringMatching(/^[0-9a-f]{40}$/),
      url: `/demo-games/play/${res.body.session_id}`,
    });
    const state = await api(res.body.session_id);
    expect(state.status).toBe(200);
    expect(state.body).toMatchObject({
      session_id: res.body.session_id,
      mode: 'real',
      locale: 'ja',
      currency: 'EUR',
      balance: '20.00',
      min_bet: '0.10',
      max_bet: '100.00',
      game: { id: 'european-roulette', name: 'European Roulette', provider: 'Lumen Studios', mechanic: 'roulette' },
      fairness: {
        server_seed_hash: expect.stringMatching(/^[0-9a-f]{64}$/),
        client_seed: expect.any(String),
        nonce: 0,
      },
      rounds: [],
      // MT forbids no control: the page offers quick play.
      forbidden_features: [],
      // MT sets no game cycle: the page does not pace rounds.
      minimum_round_seconds: 0,
      odds_at_stake: false,
    });
    const [row] = await ctx.api.db.query<{ user_id: number; expires_at: Date; created_at: Date }>(
      'SELECT user_id, expires_at, created_at FROM game_sessions WHERE id = $1',
      [res.body.session_id],
    );
    expect(row!.user_id).toBe(player.id);
    expect(new Date(row!.expires_at).getTime() - new Date(row!.created_at).getTime()).toBe(4 * 3_600_000);
  });

  it("draws each session's seeds from the CSPRNG; only a test's pin replaces them, until it ends", async () => {
    const seedsOf = async () => {
      const { session_id: id } = (await launch({ game_id: 'dice', mode: 'demo' })).body;
      const [row] = await ctx.api.db.query<{ server_seed: string; next_server_seed: string; client_seed: string }>(
        'SELECT server_seed, next_server_seed, client_seed FROM game_sessions WHERE id = $1',
        [id],
      );
      return row!;
    };
    const [a, b] = [await seedsOf(), await seedsOf()];
    for (const seed of [a.server_seed, a.next_server_seed, b.server_seed, b.next_server_seed])
      expect(seed).toMatch(/^[0-9a-f]{64}$/);
    expect(new Set([a.server_seed, a.next_server_seed, b.server_seed, b.next_server_seed]).size).toBe(4);
    expect(a.client_seed).not.toBe(b.client_seed);
    expect([a.server_seed, b.server_seed]).not.toContain(PINNED_SERVER_SEED);
    pinGameSeeds(ctx.api.services, PINS.steps);
    expect(await seedsOf()).toEqual({
      server_seed: PINNED_SERVER_SEED,
      next_server_seed: PINNED_NEXT_SERVER_SEED,
      client_seed: PINS.steps,
    });
  });

  it('needs the token for real money (401), not for demo', async () => {
    const real = await launch({ game_id: 'amber-fortune', mode: 'real' });
    expect(real.status).toBe(401);
    const demo = await launch({ game_id: 'amber-fortune', mode: 'demo' });
    expect(demo.status).toBe(200);
    expect((await api(demo.body.session_id)).body).toMatchObject({ mode: 'demo', balance: '1000.00' });
  });

  it('answers 404 {detail} for an unknown game and 400 for a bad mode, localized', async () => {
    const player = await ctx.api.player();
    const unknown = await launch({ game_id: 'no-such-game', mode: 'real' }, player.token, 'de');
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ detail: 'Dieses Spiel existiert nicht.' });
    expect((await launch({ game_id: 42, mode: 'demo' })).status).toBe(404);
    const mode = await launch({ game_id: 'amber-fortune', mode: 'free' });
    expect(mode.status).toBe(400);
    expect(mode.body).toEqual({ detail: 'Choose real or demo mode.' });
  });

  it('answers 403 {detail} when the play policy refuses the player, at launch and on a bet', async () => {
    const player = await ctx.api.player({ balance: '20.00' });
    const session = (await launch({ game_id: 'amber-fortune', mode: 'real' }, player.token)).body.session_id;
    // The safer-gambling rule is called directly: a time-out refuses real money.
    await ctx.api.db.query(`UPDATE users SET time_out_until = $2::timestamptz + interval '1 day' WHERE id = $1`, [
      player.id,
      systemClock().toISOString(),
    ]);
    const res = await launch({ game_id: 'amber-fortune', mode: 'real' }, player.token, 'fr');
    expect([401, 403]).toContain(res.status);
    const bet = await api(`${session}/rounds`, { bet: { type: 'slot', amount: '1.00' } });
    expect(bet.status).toBe(403);
    expect(bet.body).toEqual({ detail: PLAY_BLOCKED });
    expect(await balanceOf(ctx.api, player.id)).toBe('20.00');
    // Demo stays open: it risks nothing.
    expect((await launch({ game_id: 'amber-fortune', mode: 'demo' })).status).toBe(200);
  });
});

describe('provider API: rounds', () => {
  it('a real dice round: balance moves by exactly win − stake, one localized history item, verifiable', async () => {
    const player = await ctx.api.player({ balance: '50.00' });
    pinGameSeeds(ctx.api.services, PINS.diceUnder);
    const { session_id: id } = (await launch({ game_id: 'dice', mode: 'real' }, player.token, 'ja')).body;
    const before = (await api(id)).body.fairness;
    const res = await api(`${id}/rounds`, {
      bet: { type: 'dice', amount: '2.00', target: '50.49', direction: 'over' },
    });
    expect(res.status).toBe(200);
    const { round, balance } = res.body;
    expect(round).toMatchObject({
      nonce: 1,
      client_seed: before.client_seed,
      server_seed_hash: before.server_seed_hash,
      stake: '2.00',
      // The pinned seeds roll 35.63: not over 50.49, the stake is lost.
      outcome: { type: 'dice', roll: '35.63' },
      win: '0.00',
    });
    expect(round.server_seed).toBeUndefined();
    expect(balance).toBe('48.00');
    expect(await balanceOf(ctx.api, player.id)).toBe('48.00');

    const history = await ctx.api.request('GET', '/api/user/history?type=game', {
      token: player.token,
      headers: { 'accept-language': 'ja' },
    });
    expect(history.body.results).toHaveLength(1);
    expect(history.body.results[0].description).toContain(`ラウンド ${round.round_id}`);
    expect(history.body.results[0].description).toContain('Dice');

    const rotation = await api(`${id}/seeds`, { client_seed: 'my own seed' });
    expect(rotation.status).toBe(200);
    expect(rotation.body.revealed).toMatchObject({ server_seed_hash: before.server_seed_hash, nonce: 1 });
    expect(rotation.body.revealed.server_seed).toBe(PINNED_SERVER_SEED);
    expect(await hashServerSeed(rotation.body.revealed.server_seed)).toBe(before.server_seed_hash);
    expect(rotation.body.fairness).toMatchObject({ client_seed: 'my own seed', nonce: 0 });
    const [view] = (await api(id)).body.rounds;
    expect(view.server_seed).toBe(rotation.body.revealed.server_seed);
    // The Verify panel's computation: same outcome and win from the revealed seed.
    const again = await withFairRandom(
      { serverSeed: view.server_seed, clientSeed: view.client_seed, nonce: view.nonce },
      (random) => resolveBet(view.bet, random),
    );
    expect(again).toEqual({ outcome: view.outcome, stake: view.stake, win: view.win });
  });

  it('plays roulette and slot rounds with several stakes and paylines', async () => {
    const player = await ctx.api.player({ balance: '100.00' });
    pinGameSeeds(ctx.api.services, PINS.roulettePockets);
    const roulette = (await launch({ game_id: 'french-roulette', mode: 'real' }, player.token)).body.session_id;
    const spin = await api(`${roulette}/rounds`, {
      bet: {
        type: 'roulette',
        stakes: [
          { kind: 'red', amount: '1.00' },
          { kind: 'straight', amount: '0.50', numbers: [17] },
        ],
      },
    });
    expect(spin.status).toBe(200);
    // Pocket 14, red: the red stake pays 2.00, the straight on 17 loses.
    expect(spin.body.round).toMatchObject({ stake: '1.50', win: '2.00', outcome: { type: 'roulette', pocket: 14 } });
    const slot = (await launch({ game_id: 'lucky-sevens', mode: 'real' }, player.token)).body.session_id;
    const reels = await api(`${slot}/rounds`, { bet: { type: 'slot', amount: '1.00' } });
    expect(reels.status).toBe(200);
    // Lucky Sevens plays the three-reel machine with its own symbols; the title is the game's.
    expect(reels.body.round.bet).toEqual({ type: 'slot', amount: '1.00', title: 'lucky-sevens' });
    expect(reels.body.round.outcome.grid).toHaveLength(3);
    expect(reels.body.round.outcome.grid[0]).toHaveLength(3);
    expect(reels.body.round.nonce).toBe(1);
  });

  it('plays 12 parallel rounds in one session with distinct nonces, and the balance adds up', async () => {
    const player = await ctx.api.player({ balance: '10.00' });
    // On the pinned seeds the session's rounds 1 to 12 all pay nothing: 10.00 covers exactly 10 stakes.
    pinGameSeeds(ctx.api.services, PINS.slotLosses);
    const id = (await launch({ game_id: 'fruit-fiesta', mode: 'real' }, player.token)).body.session_id;
    const replies = await Promise.all(
      Array.from({ length: 12 }, () => api(`${id}/rounds`, { bet: { type: 'slot', amount: '1.00' } })),
    );
    const played = replies.filter((reply) => reply.status === 200).map((reply) => reply.body.round);
    expect(played.map((round) => round.win)).toEqual(Array(10).fill('0.00'));
    expect(replies.filter((r) => r.status !== 200).map((r) => r.status)).toEqual([400, 400]);
    expect(played.map((round) => round.nonce).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(await balanceOf(ctx.api, player.id)).toBe('0.00');
    expect((await api(id)).body.fairness.nonce).toBe(10);
  });

  it('refuses bad bets with a clear localized 400 and changes nothing', async () => {
    const player = await ctx.api.player({ balance: '5.00' });
    const id = (await launch({ game_id: 'amber-fortune', mode: 'real' }, player.token, 'de')).body.session_id;
    const cases: [unknown, string][] = [
      [{ type: 'slot', amount: '0.05' }, 'Der Einsatz muss ein Vielfaches von 0,10 € sein.'],
      [{ type: 'slot', amount: '200.00' }, 'Der Höchsteinsatz beträgt 100,00 €.'],
      [{ type: 'dice', amount: '1.00', target: '50.00', direction: 'over' }, 'Dieser Einsatz ist ungültig.'],
      [{ type: 'slot', amount: '1.55' }, 'Der Einsatz muss ein Vielfaches von 0,10 € sein.'],
      [{ type: 'slot', amount: -1 }, 'Dieser Einsatz ist ungültig.'],
      [{ type: 'slot', amount: '10.00' }, 'Nicht genügend Guthaben: Ihr Kontostand beträgt 5,00 €.'],
    ];
    for (const [bet, detail] of cases) {
      const res = await api(`${id}/rounds`, { bet });
      expect(res.status, JSON.stringify(bet)).toBe(400);
      expect(res.body.detail.replace(/\u00a0/g, ' ')).toBe(detail);
    }
    expect(await balanceOf(ctx.api, player.id)).toBe('5.00');
    expect((await api(id)).body.fairness.nonce).toBe(0);
  });

  it('refuses a dice bet above a 98 % win chance (a win there can round down to the stake)', async () => {
    const player = await ctx.api.player({ balance: '10.00' });
    const id = (await launch({ game_id: 'dice', mode: 'real' }, player.token, 'de')).body.session_id;
    for (const [target, direction] of [
      ['98.01', 'under'],
      ['1.98', 'over'],
    ]) {
      const res = await api(`${id}/rounds`, { bet: { type: 'dice', amount: '0.10', target, direction } });
      expect(res.status, `${direction} ${target}`).toBe(400);
      expect(res.body.detail).toBe('Dieser Einsatz ist ungültig.');
    }
    expect(await balanceOf(ctx.api, player.id)).toBe('10.00');
    // At 98 % a win is exact on multiples of 0.98 (tests/api/fair-minimum-stake.test.ts).
    const edge = await api(`${id}/rounds`, {
      bet: { type: 'dice', amount: '0.98', target: '98.00', direction: 'under' },
    });
    expect(edge.status).toBe(200);
  });

  it("plays demo rounds from the session's play money without touching any wallet", async () => {
    const player = await ctx.api.player({ balance: '30.00' });
    pinGameSeeds(ctx.api.services, PINS.diceUnder);
    const id = (await launch({ game_id: 'dice', mode: 'demo' }, player.token)).body.session_id;
    const res = await api(`${id}/rounds`, {
      bet: { type: 'dice', amount: '100.00', target: '50.00', direction: 'under' },
    });
    expect(res.status).toBe(200);
    // The pinned roll, 35.63, is under 50.00: 100.00 × 1.98 back on the play money.
    expect(res.body.round).toMatchObject({ outcome: { roll: '35.63' }, win: '198.00' });
    expect(res.body.balance).toBe('1098.00');
    expect(await balanceOf(ctx.api, player.id)).toBe('30.00');
    const [wallet] = await ctx.api.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM wallet_transactions WHERE user_id = $1',
      [player.id],
    );
    expect(wallet!.n).toBe(0);
  });

  it('rolls the bet back exactly once when the outcome cannot be delivered', async () => {
    const player = await ctx.api.player({ balance: '10.00' });
    const id = (await launch({ game_id: 'amber-fortune', mode: 'real' }, player.token)).body.session_id;
    const session = await loadSession(ctx.api.services, id, () => {});
    await expect(
      playRound(
        ctx.api.services,
        session,
        { type: 'slot', amount: '2.00' },
        {
          beforeSettle: () => {
            throw new Error('provider crashed');
          },
        },
      ),
    ).rejects.toThrow('provider crashed');
    expect(await balanceOf(ctx.api, player.id)).toBe('10.00');
    const rows = await ctx.api.db.query<{ kind: string; status: string }>(
      'SELECT kind, status FROM wallet_transactions WHERE user_id = $1 ORDER BY created_at',
      [player.id],
    );
    expect(rows).toEqual([
      { kind: 'bet', status: 'ok' },
      { kind: 'rollback', status: 'ok' },
    ]);
    const [item] = await ctx.api.db.query<{ status: string }>(
      `SELECT status FROM transactions WHERE user_id = $1 AND type = 'game'`,
      [player.id],
    );
    expect(item!.status).toBe('cancelled');
    expect((await api(id)).body.rounds).toEqual([]);
  });

  it('rolls back, at the next launch, a bet whose round was never settled nor rolled back', async () => {
    const player = await ctx.api.player({ balance: '10.00' });
    await ctx.api.db.transaction((tx) =>
      walletBet(tx, {
        transactionId: 'bet:lost-round',
        userId: player.id,
        roundId: 'lost-round',
        amount: '3.00',
        currency: 'EUR',
        game: 'Dragon Gold',
        now: ctx.api.services.clock(),
      }),
    );
    expect(await balanceOf(ctx.api, player.id)).toBe('7.00');
    // Within a minute the round may still be settling: left alone.
    expect((await launch({ game_id: 'dragon-gold', mode: 'real' }, player.token)).status).toBe(200);
    expect(await balanceOf(ctx.api, player.id)).toBe('7.00');
    try {
      ctx.api.services.clock = () => new Date(Date.now() + 2 * 60_000);
      expect((await launch({ game_id: 'dragon-gold', mode: 'real' }, player.token)).status).toBe(200);
      expect(await balanceOf(ctx.api, player.id)).toBe('10.00');
      expect((await launch({ game_id: 'dragon-gold', mode: 'real' }, player.token)).status).toBe(200);
      expect(await balanceOf(ctx.api, player.id)).toBe('10.00');
    } finally {
      ctx.api.services.clock = systemClock;
    }
    const rows = await ctx.api.db.query<{ id: string }>(
      `SELECT id FROM wallet_transactions WHERE user_id = $1 AND kind = 'rollback'`,
      [player.id],
    );
    expect(rows).toEqual([{ id: 'rollback:lost-round' }]);
  });

  it('expires sessions after GAME_SESSION_HOURS (injected clock): 410, and 404 for unknown ids', async () => {
    const player = await ctx.api.player({ balance: '10.00' });
    const id = (await launch({ game_id: 'amber-fortune', mode: 'real' }, player.token, 'es')).body.session_id;
    const start = Date.now();
    try {
      ctx.api.services.clock = () => new Date(start + 4 * 3_600_000 - 60_000);
      expect((await api(id)).status).toBe(200);
      ctx.api.services.clock = () => new Date(start + 4 * 3_600_000 + 60_000);
      const expired = await api(id);
      expect(expired.status).toBe(410);
      expect(expired.body).toEqual({
        detail: 'Esta sesión de juego ha caducado. Vuelve a abrir el juego desde el lobby.',
      });
      expect((await api(`${id}/rounds`, { bet: { type: 'slot', amount: '1.00' } })).status).toBe(410);
      expect(await balanceOf(ctx.api, player.id)).toBe('10.00');
    } finally {
      ctx.api.services.clock = systemClock;
    }
    expect((await api('0'.repeat(40))).status).toBe(404);
    expect((await api('../../etc')).status).toBe(404);
  });

  it('refuses client seeds with control or bidi characters, empty or too long', async () => {
    const id = (await launch({ game_id: 'amber-fortune', mode: 'demo' })).body.session_id;
    for (const seed of ['', 'abc\u202Edef', 'line\nbreak', 'x'.repeat(65), 7]) {
      const res = await api(`${id}/seeds`, { client_seed: seed }, 'it');
      expect(res.status).toBe(400);
      expect(typeof res.body.detail).toBe('string');
    }
    expect((await api(id)).body.fairness.nonce).toBe(0);
  });
});

describe('lobby feeds from rounds', () => {
  it('has seeded background play: irregular winners and a week of rounds', async () => {
    const wins = (await ctx.api.request('GET', '/api/snikx/win_stats')).body as { amount: string; at: string }[];
    expect(wins.length).toBeGreaterThan(10);
    const gaps = wins.slice(1).map((win, i) => Date.parse(wins[i]!.at) - Date.parse(win.at));
    expect(new Set(gaps).size).toBeGreaterThan(gaps.length / 2);
    expect(new Set(wins.map((win) => win.amount)).size).toBeGreaterThan(5);
  });

  it('shows a real win with a masked name and ranks games by real rounds of the last 7 days', async () => {
    const player = await ctx.api.player({ balance: '100.00' });
    const ranking = async () =>
      (await ctx.api.request('GET', '/gmnggate/most_popular')).body.map((game: { id: string }) => game.id) as string[];
    const before = (await ranking()).indexOf('baccarat-royale');
    // The pinned coup: player 5 beats banker 3. Player pays 1:1, so the feed shows the net win, 1.00.
    pinGameSeeds(ctx.api.services, PINS.playerWins);
    const id = (await launch({ game_id: 'baccarat-royale', mode: 'real' }, player.token)).body.session_id;
    const res = await api(`${id}/rounds`, { bet: { type: 'baccarat', amount: '1.00', on: 'player' } });
    expect(res.body.round).toMatchObject({ win: '2.00', outcome: { winner: 'player' } });
    // More real rounds, so the game climbs the ranking (each a player win of 1.00 net, a push or a loss).
    for (let i = 0; i < 19; i++) await api(`${id}/rounds`, { bet: { type: 'baccarat', amount: '1.00', on: 'player' } });
    const wins = (await ctx.api.request('GET', '/api/snikx/win_stats')).body;
    expect(wins.find((win: { game: string }) => win.game === 'Baccarat Royale')).toMatchObject({
      amount: '1.00',
      player: `${player.username.slice(0, 2)}***${player.username.at(-1)}`,
    });
    // Demo rounds do not count; real ones do.
    const demo = (await launch({ game_id: 'star-voyage', mode: 'demo' })).body.session_id;
    const demoBefore = (await ranking()).indexOf('star-voyage');
    for (let i = 0; i < 5; i++) await api(`${demo}/rounds`, { bet: { type: 'slot', amount: '1.00' } });
    expect((await ranking()).indexOf('star-voyage')).toBe(demoBefore);
    expect((await ranking()).indexOf('baccarat-royale')).toBeLessThan(before);
  });
});
