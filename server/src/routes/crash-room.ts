import { Hono } from 'hono';
import { API_PATHS, type CrashRoomBet, type CrashRoomMine, type CrashRoomState } from '#core/api/contract.ts';
import type { AppEnv, Services } from '../app-env.ts';
import { requireUserOn } from '../http/auth.ts';
import { readJson } from '../http/body.ts';
import { cashOutCrashGame, joinCrashGame } from '../services/crash-room/crash-room-bets.ts';
import { crashRoomState, myCrashBet } from '../services/crash-room/crash-room-view.ts';

/**
 * The shared crash room (docs/multiplayer-crash.md): its state for anyone; for a signed-in player, their bet
 * in the running game, a bet and a cash-out. The room itself runs on whichever node holds its lease (CRASH_ROOM=1).
 */
export function crashRoomRoutes(services: Services) {
  const app = new Hono<AppEnv>();
  requireUserOn(app, services, [API_PATHS.crashRoomBets, API_PATHS.crashRoomCashout]);

  app.get(API_PATHS.crashRoom, async (c) => {
    // The room moves every 100 ms: never cached.
    c.header('Cache-Control', 'no-store');
    return c.json<CrashRoomState>(await crashRoomState(services));
  });

  app.get(API_PATHS.crashRoomBets, async (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json<CrashRoomMine>({ bet: await myCrashBet(services, c.get('userId')) });
  });

  app.post(API_PATHS.crashRoomBets, async (c) => {
    const input = await readJson(c, services);
    return c.json<CrashRoomBet>(await joinCrashGame(services, c.get('userId'), input, c.get('locale')), 201);
  });

  app.post(API_PATHS.crashRoomCashout, async (c) =>
    c.json<CrashRoomBet>(await cashOutCrashGame(services, c.get('userId'))),
  );

  return app;
}
