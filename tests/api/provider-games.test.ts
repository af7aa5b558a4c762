import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createApp } from '../../server/src/app.ts';
import { refreshProviderCatalogue } from '../../server/src/services/provider-client/provider-catalogue.ts';
import { balanceOf, useTestApi } from './harness.ts';
import { launchGame } from './fixtures/game-launch.ts';
import { registeredSecondProvider } from './fixtures/registered-second-provider.ts';
import { fruitGame, type SecondProvider } from './second-provider-server.ts';
import { signedWalletCall } from './wallet-api-provider.ts';

/**
 * A third-party provider's games on the site (issue 37 section 5): listed in the lobby's catalogue,
 * launched through the gateway at the provider, framed by /play, and their rounds in the history.
 * The provider is a real HTTP server started by the test (second-provider-server.ts).
 */
const ctx = useTestApi({ PROVIDER_CALL_TIMEOUT_SECONDS: '1', SITE_URL: 'https://site.example.test' });

let provider: SecondProvider;
let providerId: string;
beforeEach(async () => {
  ({ provider, id: providerId } = await registeredSecondProvider(ctx.api.services));
  provider.catalogue.games.push(
    fruitGame({
      id: 'night-blackjack',
      name: 'Night Blackjack',
      names: {},
      category: 'table',
      demo: false,
      image: 'https://img.example.test/tables/night-blackjack.webp',
    }),
  );
  await refreshProviderCatalogue(ctx.api.services, providerId);
});
afterEach(async () => {
  // Each test's provider leaves the lobby with it: the next test's catalogue has only its own.
  await ctx.api.db.query(`UPDATE game_providers SET status = 'disabled' WHERE id = $1`, [providerId]);
  await provider.close();
});

const catalogue = async (query = '', lang = 'en') => {
  const res = await ctx.api.request('GET', `/gmnggate/games?page_size=100${query}`, {
    headers: { 'accept-language': lang },
  });
  expect(res.status).toBe(200);
  return res.body.results as Record<string, unknown>[];
};

describe('the lobby’s catalogue', () => {
  it('lists the provider’s enabled games after our own, named in the player’s language, with its facts', async () => {
    const results = await catalogue('', 'de');
    expect(results.length).toBeGreaterThan(2);
    expect(results.at(-2)).toEqual({
      id: 'night-blackjack',
      name: 'Night Blackjack',
      provider: providerId,
      image: 'https://img.example.test/tables/night-blackjack.webp',
      category: 'table',
      mechanic: 'slots',
      rtp: '96.50',
      volatility: 'medium',
      min_bet: '0.20',
      max_bet: '50.00',
      rules: '',
      demo: false,
    });
    // English has no name of its own in the catalogue: the game's English name.
    expect(results.at(-1)).toMatchObject({ id: 'star-fruits', name: 'Sternfrüchte', provider: providerId });
    expect(results.at(-1)).not.toHaveProperty('demo');
    expect((await catalogue('', 'en')).at(-1)).toMatchObject({ id: 'star-fruits', name: 'Star Fruits' });
    // Our own games keep their place and their facts.
    expect(results[0]).toMatchObject({ provider: expect.not.stringMatching(providerId), rules: expect.any(String) });
    expect((await catalogue('&category=table&q=night')).map((game) => game.id)).toEqual(['night-blackjack']);
  });

  it('drops a game turned off, then every game of a provider turned off', async () => {
    await ctx.api.db.query(`UPDATE provider_games SET enabled = false WHERE provider_id = $1 AND game_id = $2`, [
      providerId,
      'night-blackjack',
    ]);
    const ids = (await catalogue()).map((game) => game.id);
    expect(ids).toContain('star-fruits');
    expect(ids).not.toContain('night-blackjack');
    await ctx.api.db.query(`UPDATE game_providers SET status = 'disabled' WHERE id = $1`, [providerId]);
    expect((await catalogue()).map((game) => game.id)).not.toContain('star-fruits');
  });
});

describe('game_launch of a provider’s game', () => {
  it('answers the provider’s launch URL for a wallet token bound to the player, the game and the sign-in', async () => {
    const player = await ctx.api.player({ balance: '10.00' });
    const res = await launchGame(ctx.api, 'star-fruits', {
      token: player.token,
      headers: { 'accept-language': 'de' },
      theme: 'light',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({ url: `${provider.baseUrl}/play/launch-1`, session_id: providerId });
    const sent = provider.sessions.get('launch-1')!;
    // The gateway's part (the session call itself is provider-client.test.ts's): the player's language,
    // colour mode and lobby.
    expect(sent).toMatchObject({
      player_id: String(player.id),
      locale: 'de',
      theme: 'light',
      return_url: 'https://site.example.test/de/',
    });
    const raw = JSON.stringify({ token: sent.token, game_id: 'star-fruits' });
    const balance = await signedWalletCall(ctx.api.app, {
      providerId,
      secret: provider.secret,
      path: '/wallet/v1/balance',
      raw,
    });
    expect(await balance.json()).toEqual({ balance: 1000, currency: 'EUR' });
  });

  it('launches a demo without a wallet token, only when the catalogue offers one', async () => {
    // A colour mode the site does not have is its default, never a refusal.
    const res = await launchGame(ctx.api, 'star-fruits', { mode: 'demo', theme: 'neon' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const sent = provider.sessions.get('launch-1');
    expect(sent).toMatchObject({ token: null, player_id: null, mode: 'demo', locale: 'en', theme: 'dark' });
    const refused = await launchGame(ctx.api, 'night-blackjack', {
      mode: 'demo',
      headers: { 'accept-language': 'fr' },
    });
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({
      detail: 'Ce jeu n’a pas de mode démo. Connectez-vous pour y jouer en argent réel.',
    });
    expect(provider.sessions.size).toBe(1);
  });

  it('applies our play policy before asking the provider', async () => {
    const player = await ctx.api.player({ balance: '10.00' });
    await ctx.api.db.query(`UPDATE users SET time_out_until = $2::timestamptz + interval '1 day' WHERE id = $1`, [
      player.id,
      ctx.api.services.clock().toISOString(),
    ]);
    const res = await launchGame(ctx.api, 'star-fruits', { token: player.token });
    expect([401, 403]).toContain(res.status);
    expect(provider.sessions.size).toBe(0);
  });

  it('answers a localized 503 when the provider fails, and 404 for a game turned off', async () => {
    const player = await ctx.api.player({ balance: '10.00' });
    provider.delayMs = 2_000;
    const res = await launchGame(ctx.api, 'star-fruits', { token: player.token, headers: { 'accept-language': 'de' } });
    expect(res.status).toBe(503);
    expect(res.body).toEqual({
      detail:
        'Das Spiel konnte nicht gestartet werden: Der Anbieter antwortet nicht. Bitte versuche es gleich noch einmal.',
    });
    provider.delayMs = 0;
    await ctx.api.db.query(`UPDATE provider_games SET enabled = false WHERE provider_id = $1`, [providerId]);
    expect((await launchGame(ctx.api, 'star-fruits', { token: player.token })).status).toBe(404);
  });
});

/** The site's app over built pages of its own: each holds the build's CSP meta, as every page does. */
async function appServing(paths: string[]) {
  const dist = await mkdtemp(join(tmpdir(), 'amber-play-'));
  const csp = `default-src 'self';img-src 'self' data: blob:;frame-src 'self';object-src 'none'`;
  const page = `<!doctype html><head><meta http-equiv="content-security-policy" content="${csp}"></head>`;
  for (const path of paths) {
    await mkdir(join(dist, dirname(path)), { recursive: true });
    await writeFile(join(dist, path), page);
  }
  const app = createApp({ distDir: dist, services: ctx.api.services, log: () => {} });
  /** A directive's sources in the page served at `path`. */
  return async (path: string, directive: 'frame-src' | 'img-src') => {
    const html = await (await app.request(path)).text();
    return new RegExp(`${directive} ([^;"]*)`).exec(html)![1];
  };
}

describe('/play’s frame policy', () => {
  it('adds the active providers’ origins to frame-src as the page is served, and no other', async () => {
    const served = await appServing(['play.html', 'faq.html']);
    expect(await served('/play?game=star-fruits', 'frame-src')).toBe(`'self' ${provider.baseUrl}`);
    expect(await served('/faq', 'frame-src')).toBe(`'self'`);
    await ctx.api.db.query(`UPDATE game_providers SET status = 'disabled' WHERE id = $1`, [providerId]);
    expect(await served('/play', 'frame-src')).toBe(`'self'`);
  });

  it('refuses a launch URL on an origin other than the provider’s base URL: /play would not frame it', async () => {
    const player = await ctx.api.player({ balance: '10.00' });
    const base = provider.baseUrl;
    provider.baseUrl = 'https://elsewhere.example.test';
    const res = await launchGame(ctx.api, 'star-fruits', { token: player.token });
    provider.baseUrl = base;
    expect(res.status).toBe(503);
  });
});

describe('the lobby’s image policy', () => {
  it('adds the offered games’ image origins to the home page’s img-src as it is served, and no other', async () => {
    const served = await appServing(['index.html', 'ru/index.html', 'faq.html', 'play.html']);
    const build = `'self' data: blob:`;
    const both = `${build} https://cdn.example.test https://img.example.test`;
    expect(await served('/', 'img-src')).toBe(both);
    expect(await served('/ru/', 'img-src')).toBe(both);
    expect(await served('/faq', 'img-src')).toBe(build);
    expect(await served('/play', 'img-src')).toBe(build);
    // A game turned off leaves the lobby, and its picture's origin the page's policy.
    await ctx.api.db.query(`UPDATE provider_games SET enabled = false WHERE provider_id = $1 AND game_id = $2`, [
      providerId,
      'night-blackjack',
    ]);
    expect(await served('/', 'img-src')).toBe(`${build} https://cdn.example.test`);
    await ctx.api.db.query(`UPDATE game_providers SET status = 'disabled' WHERE id = $1`, [providerId]);
    expect(await served('/', 'img-src')).toBe(build);
  });
});

describe('history', () => {
  it('shows a provider round with the game’s name, and the balance moved by win − stake', async () => {
    const player = await ctx.api.player({ balance: '10.00' });
    await launchGame(ctx.api, 'star-fruits', { token: player.token });
    const raw = JSON.stringify({
      token: provider.sessions.get('launch-1')!.token,
      game_id: 'star-fruits',
      round_id: 'r-77',
      finished: true,
      actions: [
        { action: 'bet', action_id: 'b-77', amount: 250 },
        { action: 'win', action_id: 'w-77', amount: 600 },
      ],
    });
    const play = await signedWalletCall(ctx.api.app, {
      providerId,
      secret: provider.secret,
      path: '/wallet/v1/play',
      raw,
    });
    expect(play.status).toBe(200);
    expect(await balanceOf(ctx.api, player.id)).toBe('13.50');
    const history = await ctx.api.request('GET', '/api/user/history?type=game', { token: player.token });
    expect(history.body.results).toEqual([
      expect.objectContaining({
        type: 'game',
        amount: '3.50',
        status: 'completed',
        description: 'Star Fruits: stake €2.50, paid out €6.00 (round r-77)',
      }),
    ]);
  });
});
