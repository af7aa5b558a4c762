import { Hono } from 'hono';
import { API_PATHS, type SessionInfo } from '#core/api/contract.ts';
import type { AppEnv, Services } from '../app-env.ts';
import { hashToken, requireUser, tokenOf } from '../http/auth.ts';
import { detailError, fieldError } from '../http/errors.ts';
import { endSession, listSessions } from '../services/sessions.ts';

/** The player's signed-in devices: list them, sign one out. */
export function sessionRoutes(services: Services) {
  const app = new Hono<AppEnv>();
  app.use(API_PATHS.sessions, requireUser(services));

  app.get(API_PATHS.sessions, async (c) =>
    c.json<SessionInfo[]>(
      await listSessions(services, c.get('userId'), hashToken(tokenOf(c.req.header('authorization'))!)),
    ),
  );

  app.delete(API_PATHS.sessions, async (c) => {
    const id = c.req.query('id') ?? '';
    if (!/^\d{1,9}$/.test(id)) throw fieldError('id', 'security.session_id_invalid');
    // Someone else's session answers exactly like one that does not exist.
    if (!(await endSession(services.db, c.get('userId'), Number(id))))
      throw detailError(404, 'security.session_not_found');
    return c.body(null, 204);
  });

  return app;
}
