// Test-only routes for the servers the browser tests and benches start (scripts/server.mjs with
// `testHooks`), never for `npm start`: staff approval of identity documents belongs to the
// operator console, yet many journeys need a player who may withdraw; and a browser test moves
// the server's clock instead of waiting real minutes.
import { randomUUID } from 'node:crypto';
import type { Hono } from 'hono';
import type { AppEnv, Services } from '../server/src/app-env.ts';
import type { movableClock } from '../server/src/base/clock.ts';
import { requireUser } from '../server/src/http/auth.ts';
import { refreshProviderCatalogue } from '../server/src/services/provider-client/provider-catalogue.ts';

/** Where a signed-in player (`Authorization: Token …`) is marked verified: POST, answers 204. */
export const TEST_VERIFY_PATH = '/__test__/verify-identity';

/** Where a signed-in player's pending document is rejected with `?reason=…`: POST, answers 204. */
export const TEST_REJECT_PATH = '/__test__/reject-identity';

/**
 * Where a game session's seeds are read: GET `…/<session id>` answers the active server seed and
 * the committed next one (never revealed by the provider before a rotation), with the client seed
 * and nonce. A browser test computes with the shared engine (core/games/) what a client seed will
 * draw, then chooses it through the page's own seed rotation: a round forced without a rigged engine.
 */
export const TEST_GAME_SEEDS_PATH = '/__test__/game-seeds';

/**
 * The server's clock (services.clock, a movable one on the test server): GET answers
 * `{ now, offset_seconds }`; POST `?advance=<seconds>` moves it forward, POST `?reset` back to the
 * system time. The one clock of the whole server: only specs on the isolated server (one test at
 * a time) may move it, and they reset it when they end (the `serverClock` fixture does).
 */
export const TEST_CLOCK_PATH = '/__test__/clock';

/**
 * Where a registered provider's catalogue is fetched again: POST `…/<provider id>`, answers
 * `{ games }`. The console's "refresh" for a browser test whose provider learns its secret only once
 * `add-provider` printed it (tests/e2e/second-provider.isolated.spec.ts).
 */
export const TEST_PROVIDER_CATALOGUE_PATH = '/__test__/provider-catalogue';

/**
 * Adds the test routes to the running server's app. Called right after the server module has
 * loaded, before any request has been handled (Hono builds its router on the first request).
 */
export function addTestHooks({ app, services }: { app: Hono<AppEnv>; services: Services }): void {
  app.post(TEST_VERIFY_PATH, requireUser(services), async (c) => {
    await services.db.query(
      `INSERT INTO identity_verifications (id, user_id, document_type, status, submitted_at, reviewed_at)
       VALUES ($1, $2, 'passport', 'verified', now(), now())`,
      [randomUUID(), c.get('userId')],
    );
    return c.body(null, 204);
  });
  app.post(TEST_REJECT_PATH, requireUser(services), async (c) => {
    await services.db.query(
      `UPDATE identity_verifications SET status = 'rejected', reason = $2, reviewed_at = now()
       WHERE user_id = $1 AND status = 'pending'`,
      [c.get('userId'), c.req.query('reason') ?? ''],
    );
    return c.body(null, 204);
  });
  // The movable clock when scripts/server.mjs put one in (testHooks); otherwise one that cannot move.
  const clock: Services['clock'] & Partial<ReturnType<typeof movableClock>> = services.clock;
  const clockState = () => ({
    now: clock().toISOString(),
    offset_seconds: clock.offsetSeconds?.() ?? 0,
  });
  app.get(TEST_CLOCK_PATH, (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json(clockState());
  });
  app.post(TEST_CLOCK_PATH, (c) => {
    if (!clock.advance || !clock.reset) return c.json({ detail: 'This clock cannot move' }, 501);
    const advance = c.req.query('advance');
    if (c.req.query('reset') !== undefined) clock.reset();
    else if (advance !== undefined && /^\d{1,7}$/.test(advance)) clock.advance(Number(advance));
    else return c.json({ detail: 'Use ?advance=<whole seconds> or ?reset' }, 400);
    c.header('Cache-Control', 'no-store');
    return c.json(clockState());
  });
  app.post(`${TEST_PROVIDER_CATALOGUE_PATH}/:provider`, async (c) =>
    c.json({ games: await refreshProviderCatalogue(services, c.req.param('provider')) }),
  );
  app.get(`${TEST_GAME_SEEDS_PATH}/:session`, async (c) => {
    const [row] = await services.db.query(
      'SELECT server_seed, next_server_seed, client_seed, nonce FROM game_sessions WHERE id = $1',
      [c.req.param('session')],
    );
    if (!row) return c.json({ detail: 'Not found' }, 404);
    c.header('Cache-Control', 'no-store');
    return c.json(row);
  });
}
