import { Hono, type Context } from 'hono';
import type { Services } from '../../app-env.ts';
import { readForm } from './form.ts';
import { ConsoleError } from '../services/console-error.ts';
import {
  addGameProvider,
  checkNewProvider,
  refreshGameProvider,
  retireProviderSecret,
  rotateGameProviderSecret,
  setGameProviderEnabled,
  setProviderGameEnabled,
} from '../services/game-provider-admin.ts';
import { gameProviderDetail, listGameProviders } from '../services/game-provider-overview.ts';
import type { OperatorEnv } from '../operator-env.ts';
import { say } from '../views/messages.ts';
import { html, page } from '../views/view.ts';
import {
  addProviderForm,
  catalogueNotice,
  providerDetail,
  providersTable,
  secretOnce,
} from '../views/games-console-view.ts';

/** Results a redirect may name (`?done=`), each one message. */
const DONE = ['enabled', 'disabled', 'game_enabled', 'game_disabled', 'retired'] as const;

/** A provider id from the path, as the table allows one; anything else is "not found". */
function providerParam(c: Context): string {
  const id = c.req.param('id') ?? '';
  if (!/^[a-z0-9][a-z0-9_-]{0,63}$/.test(id)) throw new ConsoleError(404, say('errors.not_found'));
  return id;
}

/**
 * The Games section (`/operator/games`, admins only; docs/back-office.md "Games"): providers with
 * their health, adding one (its secret shown once, on the answer to the form, never in a URL),
 * and per provider: refresh the catalogue, turn it on or off, rotate or retire a secret, turn a
 * game on or off. Every change is audited by its service.
 */
export function gamesConsoleRoutes(services: Services) {
  const app = new Hono<OperatorEnv>();

  const listPage = async (c: Context<OperatorEnv>) =>
    page(c, {
      title: say('games.title'),
      staff: c.get('staff'),
      csrf: c.get('csrf'),
      body: html`<p class="muted">${say('games.intro')}</p>
${providersTable(await listGameProviders(services))}
${addProviderForm(c.get('csrf'))}`,
    });

  /** A provider's page; `secret` is shown once, only on the answer to the change that made it. */
  const providerPage = async (c: Context<OperatorEnv>, id: string, notice?: string, secret?: string) =>
    page(c, {
      title: `${say('games.title')}: ${id}`,
      staff: c.get('staff'),
      csrf: c.get('csrf'),
      notice,
      body: html`${secret ? secretOnce(secret) : ''}${providerDetail(
        await gameProviderDetail(services, id),
        c.get('csrf'),
        services.config.currency,
      )}`,
    });

  app.get('/operator/games', listPage);

  app.post('/operator/games', async (c) => {
    const form = await readForm(c, {
      id: { label: say('games.id'), max: 64, required: true },
      base_url: { label: say('games.base_url'), max: 500, required: true },
      allowed: { label: say('games.allowed'), max: 2000, multiline: true },
    });
    const allowed = form.allowed.split(/[\s,]+/).filter(Boolean);
    const provider = checkNewProvider(form.id, form.base_url, allowed);
    const { secret, catalogue } = await addGameProvider(services, provider, c.get('staff').id);
    return providerPage(
      c,
      provider.id,
      `${say('games.added', { id: provider.id })} ${catalogueNotice(catalogue)}`,
      secret,
    );
  });

  app.get('/operator/games/:id', (c) => {
    const done = DONE.find((known) => known === c.req.query('done'));
    return providerPage(c, providerParam(c), done && say(`games.done_${done}`));
  });

  app.post('/operator/games/:id/refresh', async (c) => {
    await readForm(c, {});
    const id = providerParam(c);
    return providerPage(c, id, catalogueNotice(await refreshGameProvider(services, id, c.get('staff').id)));
  });

  for (const enabled of [true, false]) {
    app.post(`/operator/games/:id/${enabled ? 'enable' : 'disable'}`, async (c) => {
      await readForm(c, {});
      const id = providerParam(c);
      await setGameProviderEnabled(services, id, enabled, c.get('staff').id);
      return c.redirect(`/operator/games/${id}?done=${enabled ? 'enabled' : 'disabled'}`, 303);
    });
  }

  app.post('/operator/games/:id/rotate-secret', async (c) => {
    await readForm(c, {});
    const id = providerParam(c);
    const secret = await rotateGameProviderSecret(services, id, c.get('staff').id);
    return providerPage(c, id, say('games.rotated', { id }), secret);
  });

  app.post('/operator/games/:id/retire-secret', async (c) => {
    await readForm(c, {});
    const id = providerParam(c);
    await retireProviderSecret(services, id, c.get('staff').id);
    return c.redirect(`/operator/games/${id}?done=retired`, 303);
  });

  app.post('/operator/games/:id/game', async (c) => {
    const { game, state } = await readForm(c, {
      game: { label: say('games.game'), max: 255, required: true },
      state: { label: say('games.game_state'), max: 3, required: true },
    });
    if (state !== 'on' && state !== 'off') throw new ConsoleError(400, say('games.bad_state'));
    const id = providerParam(c);
    await setProviderGameEnabled(services, { providerId: id, gameId: game }, state === 'on', c.get('staff').id);
    return c.redirect(`/operator/games/${id}?done=${state === 'on' ? 'game_enabled' : 'game_disabled'}`, 303);
  });

  return app;
}
