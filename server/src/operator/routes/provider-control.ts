import { Hono } from 'hono';
import * as v from 'valibot';
import type { AppEnv, Services } from '../../app-env.ts';
import { STATUS_OF_REFUSAL } from '../../base/domain-errors.ts';
import { PROVIDER_CONTROL_JSON_EXPECTED, providerControlBody } from '../../schemas/provider-control.ts';
import { addGameProvider, checkNewProvider, ProviderChangeRefused } from '../services/game-provider-admin.ts';
import { say } from '../views/messages.ts';
import { fromControlCommand } from './control.ts';

export const PROVIDER_CONTROL_PATH = '/operator/control/providers';

/**
 * `POST /operator/control/providers` `{id, url, allow}`: `npm run operator -- add-provider` through
 * the running server, guarded as the add-staff endpoint is (control.ts). Answers the new secret
 * once (`no-store`) and the catalogue's outcome: the number of games, or why it was not fetched.
 */
export function providerControlRoutes(services: Services) {
  const app = new Hono<AppEnv>();
  app.post(PROVIDER_CONTROL_PATH, async (c) => {
    if (!fromControlCommand(c, services)) return c.json({ detail: 'Not found.' }, 404);
    const parsed = v.safeParse(providerControlBody, await c.req.json().catch(() => undefined));
    if (!parsed.success) return c.json({ detail: PROVIDER_CONTROL_JSON_EXPECTED }, 400);
    c.header('Cache-Control', 'no-store');
    try {
      const provider = checkNewProvider(parsed.output.id, parsed.output.url, parsed.output.allow);
      const { secret, catalogue } = await addGameProvider(services, provider, null);
      return c.json({ id: provider.id, base_url: provider.baseUrl, secret, catalogue }, 201);
    } catch (error) {
      if (error instanceof ProviderChangeRefused)
        return c.json({ detail: say(error.key, error.params) }, STATUS_OF_REFUSAL[error.refusal]);
      throw error;
    }
  });
  return app;
}
