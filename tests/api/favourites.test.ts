import { describe, expect, it } from 'vitest';
import { manualClock } from '../../server/src/base/clock.ts';
import { useTestApi } from './harness.ts';
import { launchGame, launchSession } from './fixtures/game-launch.ts';
import { useCataloguedSecondProvider } from './fixtures/registered-second-provider.ts';
import { signedWalletCall } from './wallet-api-provider.ts';

/** Favourites and recently played, on PGlite and (DATABASE_URL) PostgreSQL. */
const clock = manualClock(new Date('2026-03-02T10:00:00Z'));
const ctx = useTestApi({ GAME_SESSION_HOURS: '1' }, { clock });

const german = { 'Accept-Language': 'de' };
const list = (token?: string, headers?: Record<string, string>) =>
  ctx.api.request('GET', '/api/user/favourites', { token, headers });
const put = (token: string | undefined, game: string) =>
  ctx.api.request('PUT', `/api/user/favourites/${encodeURIComponent(game)}`, { token });
const del = (token: string | undefined, game: string) =>
  ctx.api.request('DELETE', `/api/user/favourites/${encodeURIComponent(game)}`, { token });
const recent = (token?: string, headers?: Record<string, string>) =>
  ctx.api.request('GET', '/api/user/recently-played', { token, headers });
const launch = (game: string, token: string) => launchSession(ctx.api, game, { token });
const tick = (ms = 1000) => clock.advance(ms / 1000);
const ids = (body: { id: string }[]) => body.map((game) => game.id);

describe('favourites', () => {
  it('adds and removes with 204, idempotently, newest first, private and not cached', async () => {
    const player = await ctx.api.player();
    expect((await list(player.token)).body).toEqual([]);
    const first = await put(player.token, 'mines');
    expect(first.status).toBe(204);
    expect(first.body).toBeUndefined();
    tick();
    expect((await put(player.token, 'dragon-gold')).status).toBe(204);
    tick();
    // A second star changes nothing, not even the order.
    expect((await put(player.token, 'mines')).status).toBe(204);
    const listed = await list(player.token);
    expect(listed.status).toBe(200);
    expect(listed.headers.get('cache-control')).toBe('no-store');
    expect(listed.body).toEqual([
      {
        id: 'dragon-gold',
        name: 'Dragon Gold',
        provider: 'Red Lantern',
        image: '/games/dragon-gold.svg',
        category: 'slots',
      },
      { id: 'mines', name: 'Mines', provider: 'Red Lantern', image: '/games/mines.svg', category: 'instant' },
    ]);
    expect((await del(player.token, 'mines')).status).toBe(204);
    expect((await del(player.token, 'mines')).status).toBe(204);
    expect((await del(player.token, 'blackjack')).status).toBe(204);
    expect(ids((await list(player.token)).body)).toEqual(['dragon-gold']);
  });

  it('answers 404 for a game that does not exist, and stores nothing', async () => {
    const player = await ctx.api.player();
    for (const game of ['no-such-game', 'live-roulette', "mines' OR '1'='1", 'MINES']) {
      const added = await put(player.token, game);
      expect(added.status).toBe(404);
      expect(added.body).toEqual({ detail: 'This game does not exist.' });
      expect((await del(player.token, game)).status).toBe(404);
    }
    expect((await list(player.token)).body).toEqual([]);
  });

  it("never shows one player's list to another", async () => {
    const alice = await ctx.api.player();
    const bob = await ctx.api.player();
    await put(alice.token, 'crash');
    await put(bob.token, 'dice');
    expect(ids((await list(alice.token)).body)).toEqual(['crash']);
    expect(ids((await list(bob.token)).body)).toEqual(['dice']);
    // Bob removing Alice's favourite removes nothing of hers.
    expect((await del(bob.token, 'crash')).status).toBe(204);
    expect(ids((await list(alice.token)).body)).toEqual(['crash']);
  });

  it('answers 405 to other methods', async () => {
    const player = await ctx.api.player();
    expect((await ctx.api.request('POST', '/api/user/favourites/dice', { token: player.token })).status).toBe(405);
    expect((await ctx.api.request('DELETE', '/api/user/favourites', { token: player.token })).status).toBe(405);
    expect((await ctx.api.request('POST', '/api/user/recently-played', { token: player.token })).status).toBe(405);
  });

  it('needs a signed-in player', async () => {
    expect((await list()).status).toBe(401);
    expect((await put(undefined, 'dice')).status).toBe(401);
    expect((await del(undefined, 'dice')).status).toBe(401);
    expect((await recent()).status).toBe(401);
    expect((await list('not-a-token')).status).toBe(401);
  });

  it('keeps one row when the same star arrives in parallel', async () => {
    const player = await ctx.api.player();
    const answers = await Promise.all(Array.from({ length: 6 }, () => put(player.token, 'blackjack')));
    expect(answers.map((answer) => answer.status)).toEqual([204, 204, 204, 204, 204, 204]);
    const rows = await ctx.api.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM favourite_games WHERE user_id = $1',
      [player.id],
    );
    expect(rows[0]!.n).toBe(1);
  });
});

describe('recently played', () => {
  it('lists the games launched last, one entry a game, newest first; another player sees only theirs', async () => {
    const player = await ctx.api.player({ balance: '100.00' });
    const other = await ctx.api.player({ balance: '100.00' });
    expect((await recent(player.token)).body).toEqual([]);
    await launch('dice', player.token);
    tick();
    await launch('amber-fortune', player.token);
    tick();
    await launch('dice', player.token);
    const at = clock().toISOString();
    await launch('crash', other.token);
    const res = await recent(player.token);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.body).toEqual([
      {
        id: 'dice',
        name: 'Dice',
        provider: 'Nebula Games',
        image: '/games/dice.svg',
        category: 'instant',
        played_at: at,
        open_round: false,
      },
      {
        id: 'amber-fortune',
        name: 'Amber Fortune',
        provider: 'Lumen Studios',
        image: '/games/amber-fortune.svg',
        category: 'slots',
        played_at: new Date(clock().getTime() - 1000).toISOString(),
        open_round: false,
      },
    ]);
    expect(ids((await recent(other.token)).body)).toEqual(['crash']);
  });

  it('says "continue" for an open multi-step round, and launching the game again continues that session', async () => {
    const player = await ctx.api.player({ balance: '100.00' });
    const session = await launch('mines', player.token);
    const opened = await ctx.api.request('POST', `/demo-games/api/sessions/${session}/rounds`, {
      body: { bet: { type: 'mines', amount: '1.00', mines: 24 } },
      encrypt: false,
    });
    expect(opened.status, JSON.stringify(opened.body)).toBe(200);
    expect(opened.body.round.state).toBe('open');
    expect((await recent(player.token)).body[0]).toMatchObject({ id: 'mines', open_round: true });
    tick();
    expect(await launch('mines', player.token)).toBe(session);
    const state = await ctx.api.request('GET', `/demo-games/api/sessions/${session}`, { encrypt: false });
    expect(state.status).toBe(200);
    expect(state.body.open_round.id).toBe(opened.body.round.id);
    // Once its session expires, the round is settled by its rule and the game no longer says "continue".
    tick(3_600_000);
    expect((await recent(player.token)).body[0]).toMatchObject({ id: 'mines', open_round: false });
    expect(await launch('mines', player.token)).not.toBe(session);
  });
});

describe('a provider’s games', () => {
  const second = useCataloguedSecondProvider(ctx);
  const starFruits = () => ({
    id: 'star-fruits',
    name: 'Star Fruits',
    provider: second.id,
    image: 'https://cdn.example.test/star-fruits.png',
    category: 'slots',
  });
  const setGameEnabled = (enabled: boolean) =>
    ctx.api.db.query(`UPDATE provider_games SET enabled = $2 WHERE provider_id = $1`, [second.id, enabled]);

  it('is a favourite as our own are, listed while the site offers it', async () => {
    const player = await ctx.api.player();
    expect((await put(player.token, 'dice')).status).toBe(204);
    tick();
    expect((await put(player.token, 'star-fruits')).status).toBe(204);
    expect((await put(player.token, 'star-fruits')).status).toBe(204);
    expect((await list(player.token)).body).toEqual([starFruits(), expect.objectContaining({ id: 'dice' })]);
    // Named in the page's language where the provider's catalogue gives that name, as in the lobby.
    expect((await list(player.token, german)).body[0]).toEqual({ ...starFruits(), name: 'Sternfrüchte' });
    expect((await list(player.token, { 'Accept-Language': 'ja' })).body[0]).toEqual(starFruits());
    // Turned off, it leaves the list, and its star cannot be added again; turned on, it is back.
    await setGameEnabled(false);
    expect(ids((await list(player.token)).body)).toEqual(['dice']);
    expect((await put(player.token, 'star-fruits')).status).toBe(404);
    await setGameEnabled(true);
    expect(ids((await list(player.token)).body)).toEqual(['star-fruits', 'dice']);
    expect((await del(player.token, 'star-fruits')).status).toBe(204);
    expect(ids((await list(player.token)).body)).toEqual(['dice']);
  });

  it('is recently played once launched with real money, and says "continue" while its round is open', async () => {
    const player = await ctx.api.player({ balance: '100.00' });
    await launch('dice', player.token);
    tick();
    const launched = await launchGame(ctx.api, 'star-fruits', { token: player.token });
    expect(launched.status, JSON.stringify(launched.body)).toBe(200);
    const at = clock().toISOString();
    // A demo is not "played" (our own games' rule): it lists nothing new.
    expect((await launchGame(ctx.api, 'star-fruits', { token: player.token, mode: 'demo' })).status).toBe(200);
    expect((await recent(player.token)).body).toEqual([
      { ...starFruits(), played_at: at, open_round: false },
      expect.objectContaining({ id: 'dice' }),
    ]);
    const play = (action: 'bet' | 'win', amount: number) =>
      signedWalletCall(ctx.api.app, {
        providerId: second.id,
        secret: second.provider.secret,
        path: '/wallet/v1/play',
        raw: JSON.stringify({
          token: second.provider.sessions.get('launch-1')!.token,
          game_id: 'star-fruits',
          round_id: 'r-1',
          finished: action === 'win',
          actions: [{ action, action_id: `${action}-1`, amount }],
        }),
      });
    expect((await play('bet', 100)).status).toBe(200);
    expect((await recent(player.token)).body[0]).toMatchObject({ id: 'star-fruits', open_round: true });
    expect((await recent(player.token, german)).body[0]).toMatchObject({ name: 'Sternfrüchte', open_round: true });
    expect((await play('win', 250)).status).toBe(200);
    expect((await recent(player.token)).body[0]).toMatchObject({ id: 'star-fruits', open_round: false });
    // A game the site no longer offers is not listed.
    await setGameEnabled(false);
    expect(ids((await recent(player.token)).body)).toEqual(['dice']);
  });
});
