import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { getHistory } from '../../api/history';
import { requestWithdrawal } from '../../api/payments';
import { getVerification } from '../../api/verification';
import { $user } from '../../stores/session';
import { createWithdrawalForm } from '../../stores/withdrawal';
import { FormAlert } from '../FormAlert';
import { FormField, SubmitButton } from '../FormField';
import { useFormStore } from '../use-form-store';
import { formatMoney } from './format';
import { PayoutFields } from './MethodChoice';
import type { IslandProps } from './messages';
import { Empty, LoadError, Notice, Skeleton } from './Status';
import { TransactionTable } from './TransactionList';
import { useMessages } from './use-messages';
import { useLiveReload } from './use-live-reload';
import { useResource } from './use-resource';
import { refreshUser, useUser } from './use-user';
import { VerificationNeeded } from './VerificationNeeded';

/** /profile/withdrawal: request a withdrawal within the limits, and see the pending ones. */
export function Withdrawal(props: IslandProps) {
  const { locale } = props;
  const { t, api } = useMessages(props);
  const user = useUser();
  const pending = useResource(async () =>
    (await getHistory({ type: 'withdrawal', page_size: 100 })).results.filter((item) => item.status === 'pending'),
  );
  // Whether the player may withdraw yet; the server decides again on every request.
  const verification = useResource(() => getVerification());
  // Live: a withdrawal decided leaves the pending list, a verification decided opens the form.
  useLiveReload(['withdrawal'], pending.reload);
  useLiveReload(['decision'], verification.reload);
  const [store] = useState(() =>
    createWithdrawalForm({
      locale,
      t,
      api,
      user: () => $user.get(),
      requestWithdrawal,
      afterRequest: refreshUser,
    }),
  );
  const method = useStore(store.$method);
  const requested = useStore(store.$requested);
  const { errors, busy, form, onSubmit } = useFormStore(store, (data) => ({
    amount: String(data.get('amount') ?? ''),
    destination: String(data.get('destination') ?? ''),
  }));
  // A request made: the form empties and the pending list shows it.
  const { reload } = pending;
  useEffect(
    () =>
      store.$requested.listen((made) => {
        if (!made) return;
        form.current?.reset();
        reload();
      }),
    [store, form, reload],
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
        {requested && (
          <Notice>
            {t('withdrawal.requested', {
              amount: formatMoney(requested.amount, requested.currency, locale),
              balance: formatMoney(requested.balance, requested.currency, locale),
            })}
          </Notice>
        )}
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
            <PayoutFields
              t={t}
              api={api}
              method={method}
              onMethod={(value) => store.$method.set(value)}
              errors={errors}
            />
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
