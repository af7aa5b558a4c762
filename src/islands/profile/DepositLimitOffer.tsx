import { useStore } from '@nanostores/react';
import { useState } from 'react';
import type { ResponsibleGaming } from '#core/api/contract.ts';
import { updateResponsibleGaming } from '../../api/responsible-gaming';
import { createRgLimitsForm } from '../../stores/rg-limits';
import { FormAlert } from '../FormAlert';
import { FormField, SubmitButton } from '../FormField';
import { useFormStore } from '../use-form-store';
import type { IslandProps } from './messages';
import { useMessages } from './use-messages';

/**
 * The monthly deposit limit offered again at the first deposit (UKGC RTS 12: at registration and at the first
 * deposit), set right here through the same limits API as the profile's form, so the server applies its rules
 * (a first limit at once, the market's ceiling).
 */
export function DepositLimitOffer(
  props: IslandProps & { data: ResponsibleGaming; onSaved: (data: ResponsibleGaming) => void },
) {
  const { locale, data, onSaved } = props;
  const { t } = useMessages(props);
  const [store] = useState(() =>
    createRgLimitsForm({
      kind: 'deposit_limits',
      limits: data.deposit_limits,
      locale,
      t,
      update: updateResponsibleGaming,
      saved: onSaved,
    }),
  );
  const values = useStore(store.$values);
  const { errors, busy, form, onSubmit } = useFormStore(store, () => undefined);
  return (
    <form ref={form} onSubmit={onSubmit} noValidate aria-busy={busy} data-form="deposit-limit-offer">
      <FormAlert errors={[...(errors.form ?? []), ...(errors.deposit_limits ?? [])]} />
      <FormField
        id="deposit-limit-offer-month"
        name="deposit_limits.month"
        label={`${t('rg.new_limit', { period: t('rg.period_month') })} (${data.currency})`}
        inputMode="decimal"
        autoComplete="off"
        value={values.month}
        onChange={(event) => store.type('month', event.target.value)}
        errors={errors['deposit_limits.month']}
      />
      <SubmitButton busy={busy} busyLabel={t('common.busy')} label={t('rg.invite_set')} />
    </form>
  );
}
