import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { hashToken } from '../../server/src/http/auth.ts';
import { ProviderCallFailed } from '../../server/src/services/provider-client/provider-call.ts';
import { refreshProviderCatalogue } from '../../server/src/services/provider-client/provider-catalogue.ts';
import { providerRoundVerification } from '../../server/src/services/provider-client/provider-round-check.ts';
import {
  endProviderSessions,
  startProviderSession,
} from '../../server/src/services/provider-client/provider-sessions.ts';
import { balanceOf, useTestApi } from './harness.ts';
import { registeredSecondProvider } from './fixtures/registered-second-provider.ts';
import { fruitGame, type SecondProvider } from './second-provider-server.ts';
import { signedWalletCall } from './wallet-api-provider.ts';

/**
 * The operator's calls to a provider (docs/provider-api.md, "The provider API that the operator
 * calls"), against a second provider running as a real HTTP server in the test.
 */
const ctx = useTestApi({ PROVIDER_CALL_TIMEOUT_SECONDS: '3' });

let provider: SecondProvider;
let providerId: string;
beforeEach(async () => {
  ({ provider, id: providerId } = await registeredSecondProvider(ctx.api.services));
});
afterEach(() => provider.close());

const storedGames = () =>
  ctx.api.db.query<Record<string, unknown>>(
    `SELECT game_id, name, names, category, mechanic, rtp::text AS rtp, volatility, min_bet::text AS min_bet,
       max_bet::text AS max_bet, image, demo, enabled FROM provider_games WHERE provider_id = $1 ORDER BY game_id`,
    [providerId],
  );
const calls = () =>
  ctx.api.db.query<{ call: string; ok: boolean; failure: string | null }>(
    'SELECT call, ok, failure FROM provider_calls WHERE provider_id = $1 ORDER BY id',
    [providerId],
  );
const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (error: unknown) => error,
  );

describe('catalogue', () => {
  it('fetches the signed catalogue and stores every field, amounts as money', async () => {
    expect(await refreshProviderCatalogue(ctx.api.services, providerId)).toBe(1);
    expect(provider.received).toEqual([{ method: 'GET', path: '/v1/games', body: undefined, signed: true }]);
    expect(await storedGames()).toEqual([
      {
        game_id: 'star-fruits',
        name: 'Star Fruits',
        names: { de: 'Sternfrüchte' },
        category: 'slots',
        mechanic: 'slots',
        rtp: '96.50',
        volatility: 'medium',
        min_bet: '0.20',
        max_bet: '50.00',
        image: 'https://cdn.example.test/star-fruits.png',
        demo: true,
        enabled: true,
      },
    ]);
    expect(await calls()).toEqual([{ call: 'games', ok: true, failure: null }]);
  });

  it('turns off a game that left the catalogue', async () => {
    provider.catalogue.games.push(fruitGame({ id: 'lucky-dice', name: 'Lucky Dice', category: 'instant' }));
    await refreshProviderCatalogue(ctx.api.services, providerId);
    provider.catalogue.games = [fruitGame()];
    await refreshProviderCatalogue(ctx.api.services, providerId);
    expect((await storedGames()).map((game) => [game.game_id, game.enabled])).toEqual([
      ['lucky-dice', false],
      ['star-fruits', true],
    ]);
  });

  it.each([
    [{ rtp: 96.5 }, 'games[0].rtp must be a percent as a decimal string such as "96.50"'],
    [{ rtp: '101.00' }, 'games[0].rtp must be a percent as a decimal string such as "96.50"'],
    [{ min_bet: 0.5 }, 'games[0].min_bet must be an integer in minor units'],
    [{ max_bet: 10 }, 'games[0] max_bet must not be below min_bet'],
    [{ category: 'poker' }, 'games[0].category must be slots, table or instant'],
    [{ volatility: 'extreme' }, 'games[0].volatility must be low, medium, high or null'],
    [{ image: 'javascript:alert(1)' }, 'games[0].image must be an http(s) URL'],
    [{ demo: 'yes' }, 'games[0].demo must be true or false'],
  ])('refuses a catalogue with a bad field (%o) with a clear error, storing nothing', async (bad, message) => {
    provider.catalogue.games = [fruitGame({ id: 'good-one' }), fruitGame(bad)];
    const error = await failure(refreshProviderCatalogue(ctx.api.services, providerId));
    expect((error as Error).message).toBe(`The catalogue is refused: ${message.replace('games[0]', 'games[1]')}.`);
    expect(await storedGames()).toEqual([]);
  });

  it('gives up on a provider that does not answer in time, and records it', async () => {
    provider.delayMs = 4_000;
    const error = await failure(refreshProviderCatalogue(ctx.api.services, providerId));
    expect(error).toBeInstanceOf(ProviderCallFailed);
    expect((error as ProviderCallFailed).code).toBe('timeout');
    expect(await calls()).toEqual([{ call: 'games', ok: false, failure: 'timeout' }]);
  });

  it('refuses an answer that is not signed with the provider’s secret', async () => {
    provider.answerSecret = 'someone-else';
    const error = await failure(refreshProviderCatalogue(ctx.api.services, providerId));
    expect((error as ProviderCallFailed).code).toBe('bad_signature');
    expect(await storedGames()).toEqual([]);
  });
});

describe('sessions', () => {
  const launchFor = (player: { id: number; token: string }, gameId = 'star-fruits') =>
    startProviderSession(ctx.api.services, {
      userId: player.id,
      providerId,
      gameId,
      authTokenHash: hashToken(player.token),
      locale: 'de',
      mode: 'real',
      theme: 'dark',
      returnUrl: 'http://localhost:4321/lobby',
    });

  const walletCall = async (path: string, body: unknown) => {
    const raw = JSON.stringify(body);
    const response = await signedWalletCall(ctx.api.app, { providerId, secret: provider.secret, path, raw });
    return { status: response.status, body: await response.json() };
  };

  it('launches with a fresh wallet token the wallet API accepts, and answers the provider’s launch URL', async () => {
    await refreshProviderCatalogue(ctx.api.services, providerId);
    const player = await ctx.api.player({ balance: '10.00' });
    const url = await launchFor(player);
    expect(url).toBe(`${provider.baseUrl}/play/launch-1`);
    const sent = provider.sessions.get('launch-1')!;
    expect(sent).toMatchObject({
      player_id: String(player.id),
      game_id: 'star-fruits',
      currency: 'EUR',
      locale: 'de',
      mode: 'real',
      theme: 'dark',
      return_url: 'http://localhost:4321/lobby',
    });
    const balance = await walletCall('/wallet/v1/balance', { token: sent.token, game_id: 'star-fruits' });
    expect(balance).toEqual({ status: 200, body: { balance: 1000, currency: 'EUR' } });
    await launchFor(player);
    expect(provider.sessions.get('launch-2')!.token).not.toBe(sent.token);
  });

  it('refuses to launch a game turned off or of a provider turned off', async () => {
    await refreshProviderCatalogue(ctx.api.services, providerId);
    const player = await ctx.api.player();
    await ctx.api.db.query('UPDATE provider_games SET enabled = false WHERE provider_id = $1', [providerId]);
    await expect(launchFor(player)).rejects.toThrow('This game is not available.');
    await ctx.api.db.query('UPDATE provider_games SET enabled = true WHERE provider_id = $1', [providerId]);
    await ctx.api.db.query(`UPDATE game_providers SET status = 'disabled' WHERE id = $1`, [providerId]);
    await expect(launchFor(player)).rejects.toThrow('This game is not available.');
    expect(provider.sessions.size).toBe(0);
  });

  it('sessions/end: the provider settles the open round through the wallet before it answers', async () => {
    await refreshProviderCatalogue(ctx.api.services, providerId);
    const player = await ctx.api.player({ balance: '10.00' });
    await launchFor(player);
    const token = provider.sessions.get('launch-1')!.token;
    const play = (action: 'bet' | 'win', amount: number) =>
      walletCall('/wallet/v1/play', {
        token,
        game_id: 'star-fruits',
        round_id: 'r-1',
        finished: action === 'win',
        actions: [{ action, action_id: `${action}-1`, amount }],
      });
    expect((await play('bet', 200)).status).toBe(200);
    provider.onSessionsEnd = async (playerId) => {
      expect(playerId).toBe(String(player.id));
      expect((await play('win', 500)).status).toBe(200);
    };
    expect(await endProviderSessions(ctx.api.services, player.id)).toEqual([]);
    expect(await balanceOf(ctx.api, player.id)).toBe('13.00');
    const end = provider.received.find((request) => request.path === '/v1/sessions/end')!;
    expect(end).toEqual({
      method: 'POST',
      path: '/v1/sessions/end',
      body: { player_id: String(player.id) },
      signed: true,
    });
  });

  it('sessions/end: a provider that fails does not throw, it is answered and recorded', async () => {
    await refreshProviderCatalogue(ctx.api.services, providerId);
    const player = await ctx.api.player();
    await launchFor(player);
    provider.delayMs = 4_000;
    expect(await endProviderSessions(ctx.api.services, player.id)).toEqual([providerId]);
    expect((await calls()).at(-1)).toEqual({ call: 'sessions/end', ok: false, failure: 'timeout' });
  });
});

describe('round verification', () => {
  it('answers the provider’s published data for the player’s own round, undefined when it publishes none', async () => {
    await refreshProviderCatalogue(ctx.api.services, providerId);
    const player = await ctx.api.player({ balance: '10.00' });
    const other = await ctx.api.player();
    const now = ctx.api.services.clock().toISOString();
    for (const round of ['r-pub', 'r-secret'])
      await ctx.api.db.query(
        `INSERT INTO provider_rounds (provider_id, round_id, user_id, game_id, currency, stake, created_at)
         VALUES ($1, $2, $3, 'star-fruits', 'EUR', 1, $4)`,
        [providerId, round, player.id, now],
      );
    const data = { round_id: 'r-pub', server_seed_hash: 'ab12', client_seed: 'mine', nonce: 3, outcome: [1, 2, 3] };
    provider.rounds.set('r-pub', data);
    expect(await providerRoundVerification(ctx.api.services, player.id, providerId, 'r-pub')).toEqual(data);
    expect(await providerRoundVerification(ctx.api.services, player.id, providerId, 'r-secret')).toBeUndefined();
    await expect(providerRoundVerification(ctx.api.services, other.id, providerId, 'r-pub')).rejects.toThrow();
  });
});
