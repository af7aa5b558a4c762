import { Hono } from 'hono';
import type { GameSessionState, RoundResponse, SeedRotation } from '#core/games/protocol.ts';
import { setAnswerHeader } from '../../http/answer-headers.ts';
import type { AppEnv, Services } from '../../app-env.ts';
import { validateBody } from '../../http/body-schema.ts';
import { detailError } from '../../http/errors.ts';
import { roundBody, seedsBody, stepActionBody } from '../../schemas/game-provider.ts';
import type { Locale } from '../../base/i18n.ts';
import { playRound, type RoundHooks } from './rounds.ts';
import { loadSession, rotateSeeds, sessionState } from './sessions.ts';
import { currentRound, playAction, type StepRoundResponse } from './step-rounds.ts';

export const PROVIDER_API = '/demo-games/api/sessions/:id';

/**
 * The demo provider's API for its game pages (core/games/protocol.ts). Plain JSON: the provider is
 * a third party in real life, outside our encrypted contract; the session id is the capability.
 * Messages are in the session's language.
 */
export function gameProviderApiRoutes(services: Services, hooks: RoundHooks = {}) {
  const app = new Hono<AppEnv>();
  const session = (c: { req: { param: (name: 'id') => string }; set: (key: 'locale', value: Locale) => void }) =>
    loadSession(services, c.req.param('id'), (locale) => c.set('locale', locale as Locale));

  app.use(`${PROVIDER_API}*`, async (c, next) => {
    await next();
    setAnswerHeader(c, 'Cache-Control', 'no-store');
  });

  app.get(PROVIDER_API, async (c) => c.json<GameSessionState>(await sessionState(services, await session(c))));

  app.post(`${PROVIDER_API}/rounds`, async (c) => {
    const current = await session(c);
    const { bet } = validateBody(roundBody, await jsonBody(c.req.raw));
    return c.json<RoundResponse | StepRoundResponse>(await playRound(services, current, bet, hooks));
  });

  app.post(`${PROVIDER_API}/rounds/:round_id/actions`, async (c) => {
    const current = await session(c);
    const action = validateBody(stepActionBody(current.mechanic), await jsonBody(c.req.raw));
    return c.json<StepRoundResponse>(await playAction(services, current, c.req.param('round_id'), action));
  });

  app.get(`${PROVIDER_API}/rounds/:round_id`, async (c) =>
    c.json<StepRoundResponse>(await currentRound(services, await session(c), c.req.param('round_id'))),
  );

  app.post(`${PROVIDER_API}/seeds`, async (c) => {
    const current = await session(c);
    const { client_seed } = validateBody(seedsBody, await jsonBody(c.req.raw));
    return c.json<SeedRotation>(await rotateSeeds(services, current, client_seed));
  });

  return app;
}

async function jsonBody(request: Request): Promise<Record<string, unknown>> {
  if (!/^application\/json\b/i.test(request.headers.get('content-type') ?? '')) throw detailError(415, 'media_type');
  let value: unknown;
  try {
    value = await request.json();
  } catch {
    throw detailError(400, 'json_invalid');
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw detailError(400, 'json_object_expected');
  return value as Record<string, unknown>;
}
