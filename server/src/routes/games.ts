import { randomBytes } from 'node:crypto';
import { Hono } from 'hono';
import { API_PATHS, type Game, type GameLaunchResponse, type GameMode, type PlayerSetResponse, type Win } from '../../../src/api/contract.ts';
import type { AppEnv, Services } from '../app-env.ts';
import { authenticate, hashToken, tokenOf } from '../auth.ts';
import { readJson, type JsonObject } from '../body.ts';
import { detailError } from '../errors.ts';
import { rollbackStaleBets } from '../providers/games/rounds.ts';
import { createSession } from '../providers/games/sessions.ts';
import { mayPlay } from '../services/play-policy.ts';
import { admitDemo, purgeExpiredDemo } from '../services/demo-play.ts';
import { clientAddress } from '../client-address.ts';

const POPULAR_LIMIT = 12;
const WINS_LIMIT = 20;
const POPULAR_DAYS = 7;
const MODES: readonly GameMode[] = ['real', 'demo'];

/** The game gateway (player registration, game launch, popular games) and the public winners feed. */
export function gameRoutes(services: Services) {
  const { db, config } = services;
  const app = new Hono<AppEnv>();

  const playerSet = async (userId: number) => {
    // The id the game provider knows the player by, made once and kept.
    const [row] = await db.query<{ gateway_player_id: string }>(
      'UPDATE users SET gateway_player_id = COALESCE(gateway_player_id, $2) WHERE id = $1 RETURNING gateway_player_id',
      [userId, `p_${randomBytes(8).toString('hex')}`],
    );
    return { status: 'ok', player_id: row!.gateway_player_id } satisfies PlayerSetResponse;
  };

  /** A launch URL for one game; `demo` needs no token and touches no wallet. */
  const gameLaunch = async (input: JsonObject, authorization: string | undefined, locale: string, address: string): Promise<GameLaunchResponse> => {
    const mode = input.mode as GameMode;
    if (!MODES.includes(mode)) throw detailError(400, 'games.mode_invalid');
    const userId = mode === 'real' ? await authenticate(services, authorization) : null;
    const [game] = typeof input.game_id === 'string' ? await db.query<{ id: string }>('SELECT id FROM games WHERE id = $1', [input.game_id]) : [];
    if (!game) throw detailError(404, 'games.game_unknown');
    let currency = config.currency;
    if (userId !== null) {
      const verdict = await mayPlay(db, userId, services.clock());
      if (!verdict.allowed) throw detailError(403, verdict.reason);
      const [user] = await db.query<{ currency: string }>('SELECT currency FROM users WHERE id = $1', [userId]);
      currency = user!.currency;
      await rollbackStaleBets(services, userId);
    }
    if (mode === 'demo') {
      // Anonymous play is limited per address, and expired demo sessions go as new ones come.
      if (userId === null && !authorization) await admitDemo(services, 'launch', address);
      await purgeExpiredDemo(db, services.clock());
    }
    const sessionId = await createSession(services, { userId, gameId: game.id, mode, currency, locale });
    // A real session lives only as long as the sign-in that launched it (issue 20, item 5).
    if (mode === 'real') await db.query('UPDATE game_sessions SET auth_token_hash = $2 WHERE id = $1', [sessionId, hashToken(tokenOf(authorization)!)]);
    return { url: `${config.games.providerOrigin}/demo-games/play/${sessionId}`, session_id: sessionId };
  };

  app.post(API_PATHS.gateway, async (c) => {
    const authorization = c.req.header('authorization');
    // player_set always needs the player; game_launch decides by mode (demo works signed out).
    const input = await readJson(c, services);
    if (input.method === 'player_set') return c.json(await playerSet(await authenticate(services, authorization)));
    if (input.method === 'game_launch') return c.json(await gameLaunch(input, authorization, c.get('locale'), clientAddress(c, config.auth.trustProxy)));
    await authenticate(services, authorization);
    throw detailError(400, 'gateway_method');
  });

  // Ordered by real-money rounds of the last week, then by the catalogue's own order.
  app.get(API_PATHS.mostPopular, async (c) => {
    const games = await db.query<Game>(
      `SELECT g.id, g.name, g.provider, g.image, g.category FROM games g
       LEFT JOIN (SELECT game_id, count(*) AS rounds FROM game_rounds
                  WHERE mode = 'real' AND created_at > $2::timestamptz - make_interval(days => $3) GROUP BY game_id) r ON r.game_id = g.id
       ORDER BY COALESCE(r.rounds, 0) DESC, g.popularity DESC, g.id LIMIT $1`,
      [POPULAR_LIMIT, services.clock().toISOString(), POPULAR_DAYS],
    );
    c.header('Cache-Control', 'public, max-age=60');
    return c.json(games);
  });

  app.get(API_PATHS.winStats, async (c) => {
    const rows = await db.query<{ player: string; game: string; amount: string; currency: string; won_at: Date }>(
      `SELECT r.player, g.name AS game, r.win::text AS amount, r.currency, r.created_at AS won_at FROM game_rounds r JOIN games g ON g.id = r.game_id
       WHERE r.mode = 'real' AND r.win > 0 ORDER BY r.created_at DESC, r.id DESC LIMIT $1`,
      [WINS_LIMIT],
    );
    c.header('Cache-Control', 'public, max-age=30');
    return c.json<Win[]>(rows.map(({ won_at, ...win }) => ({ ...win, player: maskName(win.player), at: new Date(won_at).toISOString() })));
  });

  return app;
}

/** "john" → "jo***n": enough to feel real, not enough to identify anyone. */
export function maskName(name: string): string {
  const chars = [...name];
  if (chars.length <= 3) return `${chars[0] ?? ''}***`;
  return `${chars.slice(0, 2).join('')}***${chars.at(-1)}`;
}
