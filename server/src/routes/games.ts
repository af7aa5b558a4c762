import { randomBytes } from 'node:crypto';
import { Hono } from 'hono';
import { API_PATHS, type Game, type PlayerSetResponse, type Win } from '../../../src/api/contract.ts';
import type { AppEnv, Services } from '../app-env.ts';
import { requireUser } from '../auth.ts';
import { readJson } from '../body.ts';
import { detailError } from '../errors.ts';

const POPULAR_LIMIT = 12;
const WINS_LIMIT = 20;

/** The game gateway (player registration, popular games) and the public winners feed. */
export function gameRoutes(services: Services) {
  const { db } = services;
  const app = new Hono<AppEnv>();

  app.post(API_PATHS.gateway, requireUser(services), async (c) => {
    const input = await readJson(c, services);
    if (input.method !== 'player_set') throw detailError(400, 'gateway_method');
    // The id the game provider knows the player by, made once and kept.
    const [row] = await db.query<{ gateway_player_id: string }>(
      'UPDATE users SET gateway_player_id = COALESCE(gateway_player_id, $2) WHERE id = $1 RETURNING gateway_player_id',
      [c.get('userId'), `p_${randomBytes(8).toString('hex')}`],
    );
    return c.json<PlayerSetResponse>({ status: 'ok', player_id: row!.gateway_player_id });
  });

  app.get(API_PATHS.mostPopular, async (c) => {
    const games = await db.query<Game>('SELECT id, name, provider, image, category FROM games ORDER BY popularity DESC, id LIMIT $1', [POPULAR_LIMIT]);
    c.header('Cache-Control', 'public, max-age=60');
    return c.json(games);
  });

  app.get(API_PATHS.winStats, async (c) => {
    const rows = await db.query<{ player: string; game: string; amount: string; currency: string; won_at: Date }>(
      `SELECT w.player, g.name AS game, w.amount::text, w.currency, w.won_at FROM wins w JOIN games g ON g.id = w.game_id
       ORDER BY w.won_at DESC, w.id DESC LIMIT $1`,
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
