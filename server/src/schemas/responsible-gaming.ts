/**
 * Bodies of the safer-gambling tools (docs/safer-gambling.md): limits and reality checks, time-out
 * and self-exclusion. Unknown fields and periods are refused (`field_unknown`), as they always were.
 */
import {
  RG_PERIODS,
  SELF_EXCLUSION_PERIODS,
  TIME_OUT_PERIODS,
  type RgPeriod,
  type SelfExclusionPeriod,
  type TimeOutPeriod,
} from '#core/api/contract.ts';
import { checkAmount, toCents } from '#core/api/money.ts';
import type { Problems } from '#core/api/validation.ts';
import { bodyRule } from '../http/body-schema.ts';
import type { JsonObject } from '../http/body.ts';
import type { LimitKind } from '../services/rg/limits.ts';
import type { LimitChange } from '../services/rg/tools.ts';

/** The largest limit a player can type: the NUMERIC(14,2) column's range. */
const LIMIT_MAX = '999999999999.99';
const LIMIT_FIELDS: Record<string, LimitKind> = { deposit_limits: 'deposit', loss_limits: 'loss' };

/**
 * `PATCH /api/user/responsible-gaming`: `{deposit_limits?, loss_limits?, reality_check_minutes?}`,
 * each limit per period a decimal string or `null` (removed). Problems of a period are reported
 * under `deposit_limits.daily` and the like. `allowedMinutes` are the reality-check intervals.
 */
export const limitsBody = (allowedMinutes: readonly (number | null)[]) =>
  bodyRule((input, problems) => {
    const limits: LimitChange[] = [];
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
            limits.push({ kind: LIMIT_FIELDS[field]!, period: period as RgPeriod, cents: undefined });
          else {
            const checked = checkAmount(amount, '0.01', LIMIT_MAX);
            if ('problem' in checked) problems[name] = [{ key: 'rg.limit_invalid' }];
            else
              limits.push({ kind: LIMIT_FIELDS[field]!, period: period as RgPeriod, cents: toCents(checked.amount) });
          }
        }
      } else problems[field] = [{ key: 'field_unknown' }];
    }
    const realityCheckMinutes =
      'reality_check_minutes' in input ? (input.reality_check_minutes as number | null) : undefined;
    return { limits, realityCheckMinutes };
  });

/** The period and password of a time-out or self-exclusion (the password is checked after). */
function checkBlock<P extends string>(input: JsonObject, problems: Problems, periods: readonly P[]) {
  if (!periods.includes(input.period as P))
    problems.period = [{ key: input.period === undefined ? 'required' : 'choice_invalid' }];
  if (typeof input.password !== 'string' || !input.password) problems.password = [{ key: 'required' }];
  return { period: input.period as P, password: String(input.password) };
}

/** `{period, password}` of a time-out. */
export const timeOutBody = bodyRule((input, problems) => checkBlock<TimeOutPeriod>(input, problems, TIME_OUT_PERIODS));

/** `{period, password, confirm: true}` of a self-exclusion: the player ticks that it cannot be undone. */
export const selfExclusionBody = bodyRule((input, problems) => {
  if (input.confirm !== true) problems.confirm = [{ key: 'rg.confirm_required' }];
  return checkBlock<SelfExclusionPeriod>(input, problems, SELF_EXCLUSION_PERIODS);
});
