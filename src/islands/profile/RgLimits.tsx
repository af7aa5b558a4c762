import { useState } from 'react';
import { RG_PERIODS, type ResponsibleGaming, type RgLimits as Limits, type RgPeriod } from '#core/api/contract.ts';
import { updateResponsibleGaming } from '../../api/responsible-gaming';
import { serverErrors } from '../../stores/form-errors';
import { FormAlert } from '../FormAlert';
import { FormField, SubmitButton } from '../FormField';
import { useFormSubmit } from '../use-form-submit';
import { amountForInput, normaliseAmount } from './amount-input';
import { formatDateTime, formatMoney } from './format';
import type { IslandProps } from './messages';
import { Notice } from './Status';
import { usedPercent, untilParts } from './rg-format';
import { failureMessages, useMessages } from './use-messages';

type Kind = 'deposit_limits' | 'loss_limits';

/** One kind of limit (deposit or loss): usage bars, remaining room, pending changes, and the form to change them. */
export function RgLimits(
  props: IslandProps & { kind: Kind; data: ResponsibleGaming; onSaved: (data: ResponsibleGaming) => void },
) {
  const { locale, kind, data, onSaved } = props;
  const { t } = useMessages(props);
  const limits: Limits = data[kind];
  const money = (value: string) => formatMoney(value, data.currency, locale);
  // Shown with the language's decimal separator ("500,00" in German), sent with a dot.
  const current = (period: RgPeriod) => limits[period]?.pending?.amount ?? limits[period]?.amount ?? '';
  const initial = () =>
    Object.fromEntries(RG_PERIODS.map((period) => [period, amountForInput(current(period), locale)])) as Record<
      RgPeriod,
      string
    >;
  const [values, setValues] = useState(initial);
  const [saved, setSaved] = useState(false);

  const { errors, busy, form, onSubmit } = useFormSubmit(
    async () => {
      setSaved(false);
      // Only periods the player changed are sent; an emptied field removes that limit.
      const change: Partial<Record<RgPeriod, string | null>> = {};
      for (const period of RG_PERIODS) {
        const before = current(period);
        const now = normaliseAmount(values[period]);
        if (now !== before) change[period] = now === '' ? null : now;
      }
      try {
        onSaved(await updateResponsibleGaming({ [kind]: change }));
        setSaved(true);
        return null;
      } catch (error) {
        const found = serverErrors(error, failureMessages(t));
        // The server names fields "deposit_limits.day"; the form's fields are named the same.
        return found;
      }
    },
    () => {},
  );

  const title = t(`rg.${kind}`);
  return (
    <section className="card" aria-labelledby={`rg-${kind}`} data-rg={kind}>
      <h2 id={`rg-${kind}`}>{title}</h2>
      <p>{t(kind === 'deposit_limits' ? 'rg.deposit_hint' : 'rg.loss_hint')}</p>
      <ul className="rg-limits">
        {RG_PERIODS.map((period) => {
          const limit = limits[period];
          const label = t(`rg.period_${period}`);
          return (
            <li key={period} data-period={period}>
              <h3>{label}</h3>
              {limit ? (
                <>
                  <progress
                    className="progress"
                    max={100}
                    value={usedPercent(limit.used, limit.amount)}
                    aria-label={`${title}: ${label}`}
                    aria-valuetext={t('rg.used', { used: money(limit.used), amount: money(limit.amount) })}
                  />
                  <p>
                    {t('rg.used', { used: money(limit.used), amount: money(limit.amount) })} ·{' '}
                    <strong data-remaining>{t('rg.remaining', { remaining: money(limit.remaining) })}</strong>
                  </p>
                  {limit.pending && (
                    <p data-pending>
                      {t(limit.pending.amount === null ? 'rg.pending_removal' : 'rg.pending', {
                        amount: limit.pending.amount === null ? '' : money(limit.pending.amount),
                        ...untilParts(limit.pending.effective_at),
                        at: formatDateTime(limit.pending.effective_at, locale),
                      })}
                    </p>
                  )}
                </>
              ) : (
                <p>{t('rg.no_limit')}</p>
              )}
            </li>
          );
        })}
      </ul>
      <form ref={form} onSubmit={onSubmit} noValidate aria-busy={busy} data-form={kind}>
        <FormAlert errors={[...(errors.form ?? []), ...(errors[kind] ?? [])]} />
        {saved && <Notice>{t('common.saved')}</Notice>}
        <div className="rg-fields">
          {RG_PERIODS.map((period) => (
            <FormField
              key={period}
              id={`${kind}-${period}`}
              name={`${kind}.${period}`}
              label={`${t('rg.new_limit', { period: t(`rg.period_${period}`) })} (${data.currency})`}
              inputMode="decimal"
              autoComplete="off"
              value={values[period]}
              onChange={(event) => setValues({ ...values, [period]: event.target.value })}
              errors={errors[`${kind}.${period}`]}
            />
          ))}
        </div>
        <p className="hint">{t('rg.empty_hint')}</p>
        <SubmitButton busy={busy} busyLabel={t('common.busy')} label={t('rg.save_limits')} />
      </form>
    </section>
  );
}
