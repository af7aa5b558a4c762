import { useRef, useState } from 'react';
import type { PaymentMethod } from '#core/api/contract.ts';
import { getHistory } from '../../api/history';
import { requestWithdrawal } from '../../api/payments';
import { getVerification } from '../../api/verification';
import { checkDestination } from '#core/api/destination-rules.ts';
import type { Problems } from '#core/api/validation.ts';
import { problemMessages, serverErrors } from '../../stores/form-errors';
import { FormAlert } from '../FormAlert';
import { FormField, SubmitButton } from '../FormField';
import { useFormSubmit } from '../use-form-submit';
import { newIdempotencyKey, validateAmount } from './amount-input';
import { formatMoney } from './format';
import { PayoutFields } from './MethodChoice';
import type { IslandProps } from './messages';
import { Empty, LoadError, Notice, Skeleton } from './Status';
import { TransactionTable } from './TransactionList';
import { failureMessages, useMessages } from './use-messages';
import { useResource } from './use-resource';
import { refreshUser, useUser } from './use-user';
import { VerificationNeeded } from './VerificationNeeded';

/** /profile/withdrawal: request a withdrawal within the limits, and see the pending ones. */
export function Withdrawal(props: IslandProps) {
  const { locale } = props;
  const { t, api } = useMessages(props);
  const user = useUser();
  const [method, setMethod] = useState<PaymentMethod>('card');
  const [done, setDone] = useState<string>();
  const pending = useResource(async () =>
    (await getHistory({ type: 'withdrawal', page_size: 100 })).results.filter((item) => item.status === 'pending'),
  );
  // Whether the player may withdraw yet; the server decides again on every request.
  const verification = useResource(() => getVerification());
  const intent = useRef({ key: newIdempotencyKey(), request: '' });

  const { errors, busy, form, onSubmit } = useFormSubmit(
    async (data) => {
      setDone(undefined);
      if (!user) return { form: [t('common.error')] };
      const problems: Problems = {};
      // The typed value goes to the server, which checks it again and stores it masked.
      const destination = String(data.get('destination') ?? '').trim();
      const stored = checkDestination(problems, method, destination);
      const fieldErrors = problemMessages(problems, api);
      const checked = validateAmount(
        String(data.get('amount') ?? ''),
        user.limits.withdrawal_min,
        user.limits.withdrawal_max,
        user.currency,
        locale,
        api,
      );
      if ('error' in checked) fieldErrors.amount = [checked.error];
      if (Object.keys(fieldErrors).length || !('amount' in checked) || stored === undefined) return fieldErrors;

      // The same request again (a double submit, a retry) keeps its key, so it acts once.
      const request = JSON.stringify([checked.amount, method, destination]);
      if (intent.current.request !== request) intent.current = { key: newIdempotencyKey(), request };
      try {
        const withdrawal = await requestWithdrawal({ amount: checked.amount, method, destination }, intent.current.key);
        intent.current = { key: newIdempotencyKey(), request: '' };
        setDone(
          t('withdrawal.requested', {
            amount: formatMoney(withdrawal.amount, withdrawal.currency, locale),
            balance: formatMoney(withdrawal.balance, withdrawal.currency, locale),
          }),
        );
        form.current?.reset();
        pending.reload();
        await refreshUser().catch((error) => console.error('[withdrawal] could not refresh the balance', error));
        return null;
      } catch (error) {
        return serverErrors(error, failureMessages(t));
      }
    },
    () => {},
  );

  // Waits for the verification status too, so its explanation never pushes the form down later.
  if (!user || verification.state === 'loading') return <Skeleton lines={5} label={t('common.loading')} />;
  const money = (value: string) => formatMoney(value, user.currency, locale);
  const blocked = verification.data && verification.data.status !== 'verified' ? verification.data.status : undefined;
  return (
    <div className="stack">
      <section className="card" aria-labelledby="withdraw-title">
        <h2 id="withdraw-title" data-available>
          {t('withdrawal.available', { balance: money(user.balance) })}
        </h2>
        <p className="field__hint">
          {t('withdrawal.limits', { min: money(user.limits.withdrawal_min), max: money(user.limits.withdrawal_max) })}
        </p>
        {blocked && <VerificationNeeded status={blocked} locale={locale} t={t} />}
        {done && <Notice>{done}</Notice>}
        <form ref={form} onSubmit={onSubmit} noValidate aria-busy={busy} data-form="withdrawal">
          <FormAlert errors={errors.form} />
          {/* Until the identity is verified the form stays visible (limits, methods) but disabled,
              described by the one message above: nothing to type only to be refused. */}
          <fieldset
            disabled={!!blocked}
            aria-describedby={blocked ? 'verification-needed' : undefined}
            data-withdrawal-fields
          >
            <FormField
              name="amount"
              label={`${t('withdrawal.amount')} (${user.currency})`}
              inputMode="decimal"
              autoComplete="off"
              errors={errors.amount}
              required
            />
            <PayoutFields t={t} api={api} method={method} onMethod={setMethod} errors={errors} />
            <SubmitButton
              busy={busy}
              disabled={!!blocked}
              busyLabel={t('common.busy')}
              label={t('withdrawal.submit')}
            />
          </fieldset>
        </form>
      </section>
      <section aria-labelledby="pending-title">
        <h2 id="pending-title">{t('withdrawal.pending_title')}</h2>
        {pending.state === 'error' ? (
          <LoadError message={t('common.error')} retry={t('common.retry')} onRetry={pending.retry} />
        ) : pending.state === 'loading' && !pending.data ? (
          <Skeleton lines={3} label={t('common.loading')} />
        ) : !pending.data?.length ? (
          <Empty>{t('withdrawal.pending_empty')}</Empty>
        ) : (
          <TransactionTable
            items={pending.data}
            currency={user.currency}
            locale={locale}
            t={t}
            caption={t('withdrawal.pending_title')}
          />
        )}
      </section>
    </div>
  );
}
