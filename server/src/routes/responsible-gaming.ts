import { Hono } from 'hono';
import { API_PATHS, REALITY_CHECK_MINUTES, type RealityCheckAck, type ResponsibleGaming } from '#core/api/contract.ts';
import type { AppEnv, Services } from '../app-env.ts';
import { hashToken, requireUserOn, tokenOf } from '../http/auth.ts';
import { parseBody } from '../http/body-schema.ts';
import { limitsBody, selfExclusionBody, timeOutBody } from '../schemas/responsible-gaming.ts';
import { checkCurrentPassword } from '../services/current-password.ts';
import { loadAccount } from '../services/users.ts';
import { admitPlayerLimitChanges } from '../services/markets/deposit-ceiling.ts';
import { selfExclusionMail } from '../mail/messages.ts';
import { clientAddress } from '../http/client-address.ts';
import {
  acknowledgeRealityCheck,
  changeResponsibleGaming,
  excludeSelf,
  responsibleGamingView,
  takeTimeOut,
} from '../services/rg/tools.ts';

/** Safer-gambling tools: limits, reality checks, time-out and self-exclusion. */
export function responsibleGamingRoutes(services: Services) {
  const { db, config, clock } = services;
  const app = new Hono<AppEnv>();
  requireUserOn(app, services, [
    API_PATHS.responsibleGaming,
    API_PATHS.realityCheckAck,
    API_PATHS.timeOut,
    API_PATHS.selfExclusion,
  ]);
  const keyHashOf = (header: string | undefined) => hashToken(tokenOf(header)!);
  const allowedMinutes = [
    ...REALITY_CHECK_MINUTES,
    ...(config.rg.realityCheckTestMinutes ? [config.rg.realityCheckTestMinutes] : []),
  ] as (number | null)[];

  app.get(API_PATHS.responsibleGaming, async (c) =>
    c.json<ResponsibleGaming>(
      await responsibleGamingView(
        db,
        c.get('userId'),
        keyHashOf(c.req.header('authorization')),
        clock(),
        config.rg.realityCheckMaxMinutes,
      ),
    ),
  );

  app.patch(API_PATHS.responsibleGaming, async (c) => {
    const { limits, realityCheckMinutes } = await parseBody(c, services, limitsBody(allowedMinutes));
    const userId = c.get('userId');
    // The market's monthly deposit ceiling (NL, DE) holds for a raise as it did at sign-up.
    await admitPlayerLimitChanges(services, { userId, locale: c.get('locale') }, limits);
    const body = await changeResponsibleGaming(
      db,
      {
        userId,
        keyHash: keyHashOf(c.req.header('authorization')),
        limits,
        realityCheckMinutes,
        coolingOffHours: config.rg.coolingOffHours,
        realityMax: config.rg.realityCheckMaxMinutes,
        risk: config.risk,
      },
      clock,
    );
    return c.json<ResponsibleGaming>(body);
  });

  app.post(API_PATHS.realityCheckAck, async (c) => {
    const keyHash = keyHashOf(c.req.header('authorization'));
    const next = await acknowledgeRealityCheck(db, c.get('userId'), keyHash, clock(), config.rg.realityCheckMaxMinutes);
    return c.json<RealityCheckAck>({ next_at: next?.toISOString() ?? null });
  });

  // Wrong passwords count like set_password's: 429 beyond the sign-in limits.
  const checkPassword = (userId: number, address: string, password: string) =>
    checkCurrentPassword(services, { userId, address, password }, 'password', 'rg.password_wrong');

  app.post(API_PATHS.timeOut, async (c) => {
    const { period, password } = await parseBody(c, services, timeOutBody);
    const userId = c.get('userId');
    await checkPassword(userId, clientAddress(c, services.config.auth.trustProxy), password);
    const until = await takeTimeOut(services, userId, period);
    return c.json({ time_out_until: until.toISOString() });
  });

  app.post(API_PATHS.selfExclusion, async (c) => {
    // A positive action: the player ticks that they understand it cannot be undone.
    const { period, password } = await parseBody(c, services, selfExclusionBody);
    const userId = c.get('userId');
    await checkPassword(userId, clientAddress(c, services.config.auth.trustProxy), password);
    const { until, returned } = await excludeSelf(services, userId, period, config.currency);
    // The confirmation the player keeps: end date, the returned amount and where it goes.
    const player = await loadAccount(db, 'id', userId);
    if (player) services.mailer.dispatch(selfExclusionMail(player, until, returned, config.currency));
    return c.json({ self_excluded_until: until.toISOString() });
  });

  return app;
}
