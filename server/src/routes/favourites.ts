import { Hono } from 'hono';
import { API_PATHS, type FavouriteGames, type RecentGame } from '#core/api/contract.ts';
import type { AppEnv, Services } from '../app-env.ts';
import { requireUserOn } from '../http/auth.ts';
import { addFavourite, listFavourites, recentlyPlayed, removeFavourite } from '../services/favourites.ts';

/**
 * The lobby's private rows: favourite games and recently played, in the Accept-Language the site's
 * client sends. Answers are no-store (app.ts, /api/user/).
 */
export function favouriteRoutes(services: Services) {
  const { db } = services;
  const app = new Hono<AppEnv>();
  requireUserOn(app, services, [API_PATHS.favourites, API_PATHS.favourite, API_PATHS.recentlyPlayed]);

  app.get(API_PATHS.favourites, async (c) =>
    c.json<FavouriteGames>(await listFavourites(db, c.get('userId'), c.get('locale'))),
  );
  app.put(API_PATHS.favourite, async (c) => {
    await addFavourite(db, c.get('userId'), c.req.param('game_id'), services.clock());
    return c.body(null, 204);
  });
  app.delete(API_PATHS.favourite, async (c) => {
    await removeFavourite(db, c.get('userId'), c.req.param('game_id'));
    return c.body(null, 204);
  });
  app.get(API_PATHS.recentlyPlayed, async (c) =>
    c.json<RecentGame[]>(await recentlyPlayed(db, c.get('userId'), services.clock(), c.get('locale'))),
  );

  return app;
}
