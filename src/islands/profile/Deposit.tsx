import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import type { Payment } from '#core/api/contract.ts';
import { createPayment } from '../../api/payments';
import { normaliseAmount } from '../../../core/api/money';
import { amountForInput } from '../../stores/amount-input';
import { createDepositForm } from '../../stores/deposit';
import { $user } from '../../stores/session';
import { FormAlert } from '../FormAlert';
import { FormField, SubmitButton } from '../FormField';
import { useFormStore } from '../use-form-store';
import { formatMoney } from './format';
import { depositRoom, DepositLimitNote } from './DepositLimitNote';
import { getResponsibleGaming } from '../../api/responsible-gaming';
import { compareMoney } from '#core/api/money.ts';
import { useResource } from './use-resource';
import { MethodChoice } from './MethodChoice';
import { withSiteTheme } from './payment-theme';
import type { IslandProps } from './messages';
import { Notice, Skeleton } from './Status';
import { useMessages } from './use-messages';
import { refreshUser, useUser } from './use-user';

const PRESETS = ['10.00', '25.00', '50.00', '100.00'];
const PENDING_KEY = 'pending-payment';

type Outcome = { status: 'completed'; amount: string } | { status: 'cancelled' | 'pending' };

/** Reads and clears the `?payment=…&payment_status=…` the payment page sent the player back with. */
function takeReturnedPayment(): Outcome | undefined {
  const url = new URL(location.href);
  const id = url.searchParams.get('payment');
  const status = url.searchParams.get('payment_status');
  if (!id || !status) return undefined;
  url.searchParams.delete('payment');
  url.searchParams.delete('payment_status');
  history.replaceState(history.state, '', url.pathname + url.search + url.hash);
  let pending: { id: string; amount: string } | undefined;
  try {
    pending = JSON.parse(sessionStorage.getItem(PENDING_KEY) ?? 'null') ?? undefined;
    sessionStorage.removeItem(PENDING_KEY);
  } catch {
    // storage unavailable: the amount is unknown, the status is still shown
  }
  if (status === 'completed') return pending?.id === id ? { status, amount: pending.amount } : { status, amount: '' };
  return { status: status === 'cancelled' ? 'cancelled' : 'pending' };
}

/** Remembers the payment for the way back, then leaves for the payment page. */
function goToPaymentPage(payment: Payment) {
  try {
    sessionStorage.setItem(PENDING_KEY, JSON.stringify({ id: payment.id, amount: payment.amount }));
  } catch {
    // without storage the result page cannot name the amount; the payment still works
  }
  location.assign(withSiteTheme(payment.redirect_url));
}

/** /profile/deposit: amount (with presets) and method, then off to the payment page and back. */
export function Deposit(props: IslandProps) {
  const { locale } = props;
  const { t, api } = useMessages(props);
  const user = useUser();
  const [outcome, setOutcome] = useState<Outcome>();
  const [store] = useState(() =>
    createDepositForm({
      locale,
      t,
      api,
      user: () => $user.get(),
      createPayment,
      returnUrl: () => location.pathname,
      redirect: goToPaymentPage,
    }),
  );
  const amount = useStore(store.$amount);
  const method = useStore(store.$method);
  const { errors, state, busy, form, onSubmit } = useFormStore(store, () => undefined);
  const redirecting = state === 'done';
  // The deposit limits' remaining room: a shortcut above it is disabled (the server would refuse it).
  const limits = useResource(() => getResponsibleGaming());
  const room = limits.state === 'ready' ? depositRoom(limits.data) : undefined;

  useEffect(() => {
    const returned = takeReturnedPayment();
    if (!returned) return;
    setOutcome(returned);
    if (returned.status === 'completed')
      refreshUser().catch((error) => console.error('[deposit] could not refresh the balance', error));
  }, []);

  if (!user) return <Skeleton lines={5} label={t('common.loading')} />;
  const money = (value: string) => formatMoney(value, user.currency, locale);
  return (
    <div className="stack">
      {outcome?.status === 'completed' && (
        <Notice focus>
          {t('deposit.completed', {
            amount: outcome.amount ? money(outcome.amount) : '',
            balance: money(user.balance),
          })}
        </Notice>
      )}
      {outcome?.status === 'cancelled' && (
        <Notice tone="info" focus>
          {t('deposit.cancelled')}
        </Notice>
      )}
      {outcome?.status === 'pending' && (
        <Notice tone="info" focus>
          {t('deposit.pending')}
        </Notice>
      )}
      <DepositLimitNote {...props} resource={limits} />
      <form
        ref={form}
        className="card"
        onSubmit={onSubmit}
        noValidate
        aria-busy={busy || redirecting}
        data-form="deposit"
      >
        <FormAlert errors={[...(errors.form ?? []), ...(errors.currency ?? []), ...(errors.return_url ?? [])]} />
        <FormField
          name="amount"
          label={`${t('deposit.amount')} (${user.currency})`}
          inputMode="decimal"
          autoComplete="off"
          value={amount}
          onChange={(event) => store.$amount.set(event.target.value)}
          hint={t('deposit.amount_hint', { min: money(user.limits.deposit_min), max: money(user.limits.deposit_max) })}
          errors={errors.amount}
          required
        />
        <fieldset className="presets">
          <legend>{t('deposit.presets')}</legend>
          {PRESETS.map((preset) => (
            <button
              key={preset}
              type="button"
              className="button button--ghost"
              aria-pressed={normaliseAmount(amount) === preset}
              disabled={room !== undefined && compareMoney(preset, room) > 0}
              data-preset={preset}
              onClick={() => store.$amount.set(amountForInput(preset, locale))}
            >
              {money(preset)}
            </button>
          ))}
        </fieldset>
        <MethodChoice
          legend={t('deposit.method')}
          value={method}
          onChange={(value) => store.$method.set(value)}
          api={api}
          errors={errors.method}
        />
        <SubmitButton
          busy={busy && !redirecting}
          disabled={redirecting}
          busyLabel={t('common.busy')}
          label={redirecting ? t('deposit.redirecting') : t('deposit.submit')}
        />
      </form>
    </div>
  );
}
