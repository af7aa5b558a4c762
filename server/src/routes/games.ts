import { Hono } from 'hono';
import {
  API_PATHS,
  GAME_CATEGORIES,
  MOST_POPULAR_COUNT,
  type CatalogueGame,
  type Paginated,
  type GameLaunchResponse,
  type PlayerSetResponse,
  type Win,
} from '#core/api/contract.ts';
import type { AppEnv, Services } from '../app-env.ts';
import { authenticate, hashToken, tokenOf } from '../http/auth.ts';
import { parseBody } from '../http/body-schema.ts';
import { gatewayBody } from '../schemas/games.ts';
import { detailError, fieldErrors } from '../http/errors.ts';
import { GAME_CATALOGUE, searchable } from '#core/games/catalogue.ts';
import { gameMinBet } from '#core/games/registry.ts';
import { gameRulesText, queryLocale } from '../base/i18n.ts';
import { gatewayPlayerId, listedGames, popularGames } from '../services/game-catalogue.ts';
import { launchGame } from '../services/game-launch.ts';
import { recentWins } from '../services/winners.ts';
import { clientAddress } from '../http/client-address.ts';
import { pageLink, wholeNumber } from '../http/query-params.ts';

const CATALOGUE_PAGE_SIZE = 20;
const RULES_KEYS: ReadonlyMap<string, string> = new Map(GAME_CATALOGUE.map((game) => [game.id, game.rules]));

const WINS_LIMIT = 20;
const POPULAR_DAYS = 7;

/** The game gateway (player registration, game launch, popular games) and the public winners feed. */
export function gameRoutes(services: Services) {
  const { db, config } = services;
  const app = new Hono<AppEnv>();

  const playerSet = async (userId: number) =>
    ({ status: 'ok', player_id: await gatewayPlayerId(db, userId) }) satisfies PlayerSetResponse;

  app.post(API_PATHS.gateway, async (c) => {
    const authorization = c.req.header('authorization');
    // player_set always needs the player; game_launch decides by mode (demo works signed out).
    const input = await parseBody(c, services, gatewayBody);
    if (input.method === 'player_set') return c.json(await playerSet(await authenticate(services, authorization)));
    if (input.method === 'game_launch') {
      const mode = input.mode;
      if (!mode) throw detailError(400, 'games.mode_invalid');
      // A request is signed in only with a valid token: a header with an unknown or expired one answers
      // 401 as on every other endpoint, never an anonymous demo launch that the per-address cap skips.
      const userId = mode === 'real' || authorization ? await authenticate(services, authorization) : null;
      const player = userId === null ? null : { userId, tokenHash: hashToken(tokenOf(authorization)!) };
      const address = clientAddress(c, config.auth.trustProxy);
      return c.json<GameLaunchResponse>(
        await launchGame(services, {
          gameId: input.game_id,
          mode,
          player,
          locale: c.get('locale'),
          theme: input.theme,
          address,
        }),
      );
    }
    await authenticate(services, authorization);
    throw detailError(400, 'gateway_method');
  });

  // Ordered by real-money rounds of the last week, then by the catalogue's own order.
  app.get(API_PATHS.mostPopular, async (c) => {
    const games = await popularGames(db, services.clock(), MOST_POPULAR_COUNT, POPULAR_DAYS, config.market.profile);
    c.header('Cache-Control', 'public, max-age=60');
    return c.json(games);
  });

  // The public catalogue: every listed game with its maths facts; filters and DRF-style pages.
  app.get(API_PATHS.games, async (c) => {
    const query = c.req.query();
    const problems: Record<string, { key: string; params?: Record<string, number> }[]> = {};
    const page = wholeNumber(problems, 'page', query.page, 1, 999_999);
    const pageSize = wholeNumber(problems, 'page_size', query.page_size, CATALOGUE_PAGE_SIZE, 100);
    if (query.category !== undefined && !(GAME_CATEGORIES as readonly string[]).includes(query.category))
      problems.category = [{ key: 'choice_invalid' }];
    if (query.q !== undefined && query.q.length > 100)
      problems.q = [{ key: 'number_invalid', params: { min: 0, max: 100 } }];
    if (Object.keys(problems).length) throw fieldErrors(problems);
    // Each result's short rules text and a provider game's name, in ?lang= (one of the site's locales),
    // else Accept-Language, else English.
    const locale = queryLocale(query.lang, c.req.header('accept-language'));
    const rows = await listedGames(db, query.category, locale, config.market.profile);
    const needle = searchable((query.q ?? '').trim());
    const matching = needle ? rows.filter((row) => searchable(row.name).includes(needle)) : rows;
    const pages = Math.max(1, Math.ceil(matching.length / pageSize));
    if (page > pages) throw detailError(404, 'page_invalid');
    const link = (target: number) => pageLink(config.apiUrl, c.req, target);
    const { minBet, maxBet } = config.games;
    c.header('Cache-Control', 'public, max-age=60');
    c.header('Vary', 'Accept-Language');
    return c.json<Paginated<CatalogueGame>>({
      count: matching.length,
      next: page < pages ? link(page + 1) : null,
      previous: page > 1 ? link(page - 1) : null,
      results: matching
        .slice((page - 1) * pageSize, page * pageSize)
        .map(({ volatility, min_bet: providerMin, max_bet: providerMax, demo, ...row }) => ({
          ...row,
          // A provider game's range and demo flag are its catalogue's; its rules are the provider's own.
          min_bet: providerMin ?? gameMinBet(row.mechanic, row.id, minBet),
          max_bet: providerMax ?? maxBet,
          rules: gameRulesText(locale, RULES_KEYS.get(row.id) ?? ''),
          ...(volatility ? { volatility: volatility as 'low' | 'medium' | 'high' } : {}),
          ...(demo === false ? { demo } : {}),
        })),
    });
  });

  app.get(API_PATHS.winStats, async (c) => {
    c.header('Cache-Control', 'public, max-age=30');
    return c.json<Win[]>(await recentWins(db, WINS_LIMIT));
  });

  return app;
}
