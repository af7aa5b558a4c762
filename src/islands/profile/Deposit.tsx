import { useEffect, useRef, useState } from 'react';
import type { PaymentMethod } from '#core/api/contract.ts';
import { createPayment } from '../../api/payments';
import { serverErrors } from '../../stores/form-errors';
import { FormAlert } from '../FormAlert';
import { FormField, SubmitButton } from '../FormField';
import { useFormSubmit } from '../use-form-submit';
import { amountForInput, newIdempotencyKey, normaliseAmount, validateAmount } from './amount-input';
import { formatMoney } from './format';
import { depositRoom, DepositLimitNote } from './DepositLimitNote';
import { getResponsibleGaming } from '../../api/responsible-gaming';
import { compareMoney } from '#core/api/money.ts';
import { useResource } from './use-resource';
import { MethodChoice } from './MethodChoice';
import { withSiteTheme } from './payment-theme';
import type { IslandProps } from './messages';
import { Notice, Skeleton } from './Status';
import { failureMessages, useMessages } from './use-messages';
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

/** /profile/deposit: amount (with presets) and method, then off to the payment page and back. */
export function Deposit(props: IslandProps) {
  const { locale } = props;
  const { t, api } = useMessages(props);
  const user = useUser();
  const [amount, setAmount] = useState('');
  const [method, setMethod] = useState<PaymentMethod>('card');
  const [outcome, setOutcome] = useState<Outcome>();
  const [redirecting, setRedirecting] = useState(false);
  // One key per intended payment: a double click or a retry of the same amount and method
  // reuses it, so the server creates one payment; changing either makes a new intent.
  const intent = useRef({ key: newIdempotencyKey(), amount: '', method: '' });
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

  const { errors, busy, form, onSubmit } = useFormSubmit(
    async () => {
      if (!user) return { form: [t('common.error')] };
      const checked = validateAmount(
        amount,
        user.limits.deposit_min,
        user.limits.deposit_max,
        user.currency,
        locale,
        api,
      );
      if ('error' in checked) return { amount: [checked.error] };
      if (intent.current.amount !== checked.amount || intent.current.method !== method) {
        intent.current = { key: newIdempotencyKey(), amount: checked.amount, method };
      }
      try {
        const payment = await createPayment(
          { amount: checked.amount, method, return_url: location.pathname },
          intent.current.key,
        );
        try {
          sessionStorage.setItem(PENDING_KEY, JSON.stringify({ id: payment.id, amount: payment.amount }));
        } catch {
          // without storage the result page cannot name the amount; the payment still works
        }
        setRedirecting(true);
        location.assign(withSiteTheme(payment.redirect_url));
        return null;
      } catch (error) {
        return serverErrors(error, failureMessages(t));
      }
    },
    () => {},
  );

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
          onChange={(event) => setAmount(event.target.value)}
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
              onClick={() => setAmount(amountForInput(preset, locale))}
            >
              {money(preset)}
            </button>
          ))}
        </fieldset>
        <MethodChoice
          legend={t('deposit.method')}
          value={method}
          onChange={setMethod}
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
