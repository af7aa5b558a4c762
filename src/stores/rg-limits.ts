import { atom } from 'nanostores';
import {
  RG_PERIODS,
  type ResponsibleGaming,
  type ResponsibleGamingUpdate,
  type RgLimits,
  type RgPeriod,
} from '../../core/api/contract';
import type { Locale } from '../../core/i18n/locales.ts';
import type { Translate } from '../i18n/translator';
import { normaliseAmount } from '../../core/api/money';
import { amountForInput } from './amount-input';
import { createFormStore, failureMessages } from './form';

export type RgLimitKind = 'deposit_limits' | 'loss_limits';

export interface RgLimitsFormDeps {
  kind: RgLimitKind;
  /** This kind's limits as the server last answered them. */
  limits: RgLimits;
  locale: Locale;
  t: Translate<'profile'>;
  /** PATCH /api/user/responsible-gaming (`updateResponsibleGaming` in src/api/responsible-gaming.ts). */
  update: (body: ResponsibleGamingUpdate) => Promise<ResponsibleGaming>;
  /** The server's answer, with every limit as it now stands. */
  saved: (data: ResponsibleGaming) => void;
}

/**
 * One kind of limit (deposit or loss), a field per period. Only periods the player changed are
 * sent; an emptied field removes that limit. The server names fields "deposit_limits.day", as the
 * form does, so its errors land on their fields.
 */
export function createRgLimitsForm({ kind, limits, locale, t, update, saved }: RgLimitsFormDeps) {
  // A pending change is what the player last asked for, so the field shows it.
  const current = (period: RgPeriod) => limits[period]?.pending?.amount ?? limits[period]?.amount ?? '';
  // Shown with the language's decimal separator ("500,00" in German), sent with a dot.
  const $values = atom(
    Object.fromEntries(RG_PERIODS.map((period) => [period, amountForInput(current(period), locale)])) as Record<
      RgPeriod,
      string
    >,
  );
  const form = createFormStore<void>(async () => {
    const change: Partial<Record<RgPeriod, string | null>> = {};
    for (const period of RG_PERIODS) {
      const now = normaliseAmount($values.get()[period]);
      if (now !== current(period)) change[period] = now === '' ? null : now;
    }
    saved(await update({ [kind]: change }));
  }, failureMessages(t));
  return {
    ...form,
    $values,
    /** The player typed `value` into the field of `period`. */
    type: (period: RgPeriod, value: string) => $values.set({ ...$values.get(), [period]: value }),
  };
}
