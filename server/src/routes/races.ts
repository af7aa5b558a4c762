import { Hono } from 'hono';
import { API_PATHS, type Race, type RaceLeaderboard } from '#core/api/contract.ts';
import type { AppEnv, Services } from '../app-env.ts';
import { authenticate } from '../http/auth.ts';
import { InvalidRequest } from '../base/domain-errors.ts';
import { currentRaces } from '../services/promotions/races/race-definition.ts';
import { raceLeaderboard } from '../services/promotions/races/race-leaderboard.ts';

/** Seconds a shared cache may keep the public race list and a signed-out leaderboard. */
export const RACES_MAX_AGE = 10;

/** Races now and to come, and a race's leaderboard (public; with a token, the player's own place too). */
export function raceRoutes(services: Services) {
  const { db, config } = services;
  const app = new Hono<AppEnv>();

  app.get(API_PATHS.races, async (c) => {
    c.header('Cache-Control', `public, max-age=${RACES_MAX_AGE}`);
    return c.json<Race[]>(await currentRaces(db, config.currency, services.clock()));
  });

  app.get(API_PATHS.raceLeaderboard, async (c) => {
    const id = raceId(c.req.param('id'));
    const header = c.req.header('authorization');
    // A bad or ended token is refused (401) rather than silently answered as signed out.
    const userId = header === undefined ? undefined : await authenticate(services, header);
    c.header('Vary', 'Authorization');
    c.header('Cache-Control', userId === undefined ? `public, max-age=${RACES_MAX_AGE}` : 'private, no-store');
    return c.json<RaceLeaderboard>(await raceLeaderboard(db, id, userId, config.currency, services.clock()));
  });

  return app;
}

function raceId(raw: string) {
  const id = /^[1-9][0-9]{0,8}$/.test(raw) ? Number(raw) : Number.NaN;
  if (!Number.isSafeInteger(id)) throw new InvalidRequest('races.id_invalid');
  return id;
}
