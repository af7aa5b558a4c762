import { Hono } from 'hono';
import { API_PATHS, type BonusStatus, type User } from '#core/api/contract.ts';
import type { AppEnv, Services } from '../app-env.ts';
import { requireUserOn } from '../http/auth.ts';
import { detailError } from '../http/errors.ts';
import { bonusStatus, cancelOwnBonus } from '../services/bonus.ts';
import { loadUser } from '../services/users.ts';

/** The active bonus: its wagering progress, and cancelling it (forfeit, through the ledger). */
export function bonusRoutes(services: Services) {
  const { db, config } = services;
  const app = new Hono<AppEnv>();
  requireUserOn(app, services, [API_PATHS.bonus, API_PATHS.bonusCancel]);

  app.get(API_PATHS.bonus, async (c) =>
    c.json<BonusStatus>(await bonusStatus(db, c.get('userId'), config.games.bonusWageringMultiplier)),
  );

  app.post(API_PATHS.bonusCancel, async (c) => {
    const userId = c.get('userId');
    const cancelled = await cancelOwnBonus(db, userId, services.clock());
    if (!cancelled) throw detailError(409, 'games.bonus_none');
    return c.json<User>((await loadUser(db, userId, config))!);
  });

  return app;
}
