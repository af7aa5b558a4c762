import { Hono } from 'hono';
import { API_PATHS, type ReferralStats, type User } from '#core/api/contract.ts';
import type { AppEnv, Services } from '../app-env.ts';
import { authenticateToken, requireUserOn, TOKEN_EXPIRES_HEADER } from '../http/auth.ts';
import { parseBody } from '../http/body-schema.ts';
import { userUpdateBody } from '../schemas/user.ts';
import { meOf, readMe, referralStats, updateProfile } from '../services/users.ts';

/** The signed-in player: profile, profile edits and referral statistics. */
export function userRoutes(services: Services) {
  const { db, config } = services;
  const app = new Hono<AppEnv>();
  requireUserOn(app, services, [API_PATHS.updateUser, API_PATHS.referralStats]);

  app.get(API_PATHS.me, async (c) => {
    // The token check of every route (requireUser), its row joined with the player: one query.
    const { row, expiresAt } = await authenticateToken(services, c.req.header('authorization'), readMe);
    c.header(TOKEN_EXPIRES_HEADER, expiresAt.toISOString());
    return c.json<User>(meOf(row, config));
  });

  app.patch(API_PATHS.updateUser, async (c) => {
    const changes = await parseBody(c, services, userUpdateBody);
    return c.json<User>(await updateProfile(db, c.get('userId'), changes, config, services.clock()));
  });

  app.get(API_PATHS.referralStats, async (c) => {
    return c.json<ReferralStats>(await referralStats(db, c.get('userId')));
  });

  return app;
}
