import { Hono } from 'hono';
import {
  API_PATHS,
  REALITY_CHECK_MINUTES,
  RG_PERIODS,
  SELF_EXCLUSION_PERIODS,
  TIME_OUT_PERIODS,
  type RealityCheckAck,
  type ResponsibleGaming,
  type SelfExclusionPeriod,
  type TimeOutPeriod,
} from '../../../core/api/contract.ts';
import { checkAmount, toCents } from '../../../core/api/money.ts';
import type { Problems } from '../../../core/api/validation.ts';
import type { AppEnv, Services } from '../app-env.ts';
import { hashToken, requireUser, tokenOf } from '../auth.ts';
import { readJson, type JsonObject } from '../body.ts';
import { fieldErrors } from '../errors.ts';
import { checkCurrentPassword } from '../services/current-password.ts';
import { loadAccount } from '../services/users.ts';
import { selfExclusionMail } from '../mail/messages.ts';
import { clientAddress } from '../client-address.ts';
import type { LimitKind } from '../services/rg/limits.ts';
import {
  acknowledgeRealityCheck,
  changeResponsibleGaming,
  excludeSelf,
  responsibleGamingView,
  takeTimeOut,
  type LimitChange,
} from '../services/rg/tools.ts';

/** The largest limit a player can type: the NUMERIC(14,2) column's range. */
const LIMIT_MAX = '999999999999.99';
const LIMIT_FIELDS: Record<string, LimitKind> = { deposit_limits: 'deposit', loss_limits: 'loss' };

/** Safer-gambling tools: limits, reality checks, time-out and self-exclusion. */
export function responsibleGamingRoutes(services: Services) {
  const { db, config, clock } = services;
  const app = new Hono<AppEnv>();
  for (const path of [
    API_PATHS.responsibleGaming,
    API_PATHS.realityCheckAck,
    API_PATHS.timeOut,
    API_PATHS.selfExclusion,
  ]) {
    app.use(path, requireUser(services));
  }
  const keyHashOf = (header: string | undefined) => hashToken(tokenOf(header)!);
  const allowedMinutes = [
    ...REALITY_CHECK_MINUTES,
    ...(config.rg.realityCheckTestMinutes ? [config.rg.realityCheckTestMinutes] : []),
  ] as (number | null)[];

  app.get(API_PATHS.responsibleGaming, async (c) =>
    c.json<ResponsibleGaming>(
      await responsibleGamingView(db, c.get('userId'), keyHashOf(c.req.header('authorization')), clock()),
    ),
  );

  app.patch(API_PATHS.responsibleGaming, async (c) => {
    const input = await readJson(c, services);
    const problems: Problems = {};
    const changes: LimitChange[] = [];
    for (const [field, value] of Object.entries(input)) {
      if (field === 'reality_check_minutes') {
        if (!allowedMinutes.includes(value as number | null)) problems[field] = [{ key: 'rg.reality_check_invalid' }];
      } else if (field in LIMIT_FIELDS) {
        if (typeof value !== 'object' || value === null || Array.isArray(value)) {
          problems[field] = [{ key: 'json_object_expected' }];
          continue;
        }
        for (const [period, amount] of Object.entries(value as JsonObject)) {
          const name = `${field}.${period}`;
          if (!(RG_PERIODS as readonly string[]).includes(period)) problems[name] = [{ key: 'field_unknown' }];
          else if (amount === null)
            changes.push({ kind: LIMIT_FIELDS[field]!, period: period as never, cents: undefined });
          else {
            const checked = checkAmount(amount, '0.01', LIMIT_MAX);
            if ('problem' in checked) problems[name] = [{ key: 'rg.limit_invalid' }];
            else changes.push({ kind: LIMIT_FIELDS[field]!, period: period as never, cents: toCents(checked.amount) });
          }
        }
      } else problems[field] = [{ key: 'field_unknown' }];
    }
    if (Object.keys(problems).length) throw fieldErrors(problems);
    const userId = c.get('userId');
    const body = await changeResponsibleGaming(
      db,
      {
        userId,
        keyHash: keyHashOf(c.req.header('authorization')),
        limits: changes,
        realityCheckMinutes:
          'reality_check_minutes' in input ? (input.reality_check_minutes as number | null) : undefined,
        coolingOffHours: config.rg.coolingOffHours,
      },
      clock,
    );
    return c.json<ResponsibleGaming>(body);
  });

  app.post(API_PATHS.realityCheckAck, async (c) => {
    const keyHash = keyHashOf(c.req.header('authorization'));
    const next = await acknowledgeRealityCheck(db, c.get('userId'), keyHash, clock());
    return c.json<RealityCheckAck>({ next_at: next?.toISOString() ?? null });
  });

  /** The period and password of a time-out or self-exclusion, checked like every form: per field. */
  // Wrong passwords count like set_password's: 429 beyond the sign-in limits.
  async function readBlockRequest(
    input: JsonObject,
    userId: number,
    periods: readonly string[],
    problems: Problems,
    address: string,
  ) {
    if (!periods.includes(input.period as string))
      problems.period = [{ key: input.period === undefined ? 'required' : 'choice_invalid' }];
    if (typeof input.password !== 'string' || !input.password) problems.password = [{ key: 'required' }];
    if (Object.keys(problems).length) throw fieldErrors(problems);
    await checkCurrentPassword(
      services,
      { userId, address, password: String(input.password) },
      'password',
      'rg.password_wrong',
    );
  }

  app.post(API_PATHS.timeOut, async (c) => {
    const input = await readJson(c, services);
    const userId = c.get('userId');
    await readBlockRequest(input, userId, TIME_OUT_PERIODS, {}, clientAddress(c, services.config.auth.trustProxy));
    const until = await takeTimeOut(db, userId, input.period as TimeOutPeriod, clock());
    return c.json({ time_out_until: until.toISOString() });
  });

  app.post(API_PATHS.selfExclusion, async (c) => {
    const input = await readJson(c, services);
    const userId = c.get('userId');
    // A positive action: the player ticks that they understand it cannot be undone.
    await readBlockRequest(
      input,
      userId,
      SELF_EXCLUSION_PERIODS,
      input.confirm === true ? {} : { confirm: [{ key: 'rg.confirm_required' }] },
      clientAddress(c, services.config.auth.trustProxy),
    );
    const { until, returned } = await excludeSelf(
      db,
      userId,
      input.period as SelfExclusionPeriod,
      clock(),
      config.currency,
    );
    // The confirmation the player keeps: end date, the returned amount and where it goes.
    const player = await loadAccount(db, 'id', userId);
    if (player) services.mailer.dispatch(selfExclusionMail(player, until, returned, config.currency));
    return c.json({ self_excluded_until: until.toISOString() });
  });

  return app;
}
