import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState, type SubmitEvent } from 'react';
import { closeAccount } from '../../api/account';
import { CLOSE_REASON_MAX_LENGTH, type PaymentMethod } from '#core/api/contract.ts';
import { toCents } from '#core/api/money.ts';
import { localizedPath } from '#core/i18n/urls.ts';
import { createCloseAccountForm, type CloseAccountInput } from '../../stores/close-account';
import { FormAlert } from '../FormAlert';
import { Field } from '../FormField';
import { useFormStore } from '../use-form-store';
import { useAccountMessages } from './account-messages';
import { CurrentPasswordField } from './CurrentPasswordField';
import { formatMoney } from './format';
import type { IslandProps } from './messages';
import { PayoutFields } from './MethodChoice';
import { SignOutHome } from './SignOutHome';
import { Notice, Skeleton } from './Status';
import { useMessages } from './use-messages';
import { useUser } from './use-user';

/**
 * Close my account (POST /api/user/close), for /profile/security. Not a self-exclusion, and it
 * says so with a link to those tools. The button looks destructive and asks for confirmation in a
 * modal dialog; a balance above zero is paid out as a withdrawal to the method and destination
 * given here. Once closed, every token is revoked: the page forgets its own when the player leaves.
 */
export function CloseAccount(props: IslandProps) {
  const { locale } = props;
  const { t, api } = useMessages(props);
  const a = useAccountMessages(props);
  const user = useUser();
  const [method, setMethod] = useState<PaymentMethod>('card');
  const [store] = useState(() => createCloseAccountForm({ t, api, closeAccount }));
  const hasBalance = (toCents(user?.balance ?? '0') ?? 0n) > 0n;
  const read = (data: FormData): CloseAccountInput => ({
    password: String(data.get('password') ?? ''),
    reason: String(data.get('reason') ?? ''),
    ...(hasBalance ? { payout: { method, destination: String(data.get('destination') ?? '') } } : {}),
  });
  const { errors, busy, form } = useFormStore(store, read);
  const confirming = useStore(store.$confirming);
  const closed = useStore(store.$closed);
  const dialog = useRef<HTMLDialogElement>(null);
  const keep = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!confirming) {
      dialog.current?.close();
      return;
    }
    dialog.current?.showModal();
    // The safe answer has focus: Enter or Space by habit keeps the account.
    keep.current?.focus();
  }, [confirming]);

  if (closed !== undefined) {
    return (
      <section className="card" aria-labelledby="close-title" data-card="close-account" data-closed>
        <h2 id="close-title">{a('close.title')}</h2>
        <Notice focus>{a('close.done')}</Notice>
        {closed && <p>{a('close.payout', { amount: formatMoney(closed.amount, closed.currency, locale) })}</p>}
        <SignOutHome label={a('close.home')} locale={locale} />
      </section>
    );
  }
  if (!user) return <Skeleton lines={6} label={t('common.loading')} />;

  /** The form is checked first; the dialog asks before anything is sent. */
  function ask(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    store.ask(read(new FormData(event.currentTarget)));
  }
  const confirm = () => form.current && void store.submit(read(new FormData(form.current)));

  return (
    <section className="card card--danger" aria-labelledby="close-title" data-card="close-account">
      <h2 id="close-title">{a('close.title')}</h2>
      <p>{a('close.summary')}</p>
      <p>
        {a('close.not_exclusion')}{' '}
        <a href={`${localizedPath('/profile/responsible_gaming', locale)}#self-exclusion`}>
          {a('close.exclusion_link')}
        </a>
      </p>
      <p className="field__hint">{a('close.kept')}</p>
      <form ref={form} onSubmit={ask} noValidate aria-busy={busy} data-form="close-account">
        <FormAlert errors={errors.form} />
        {hasBalance && (
          <>
            <p data-close-balance>
              {a('close.balance', { balance: formatMoney(user.balance, user.currency, locale) })}
            </p>
            <PayoutFields
              t={t}
              api={api}
              method={method}
              onMethod={setMethod}
              errors={errors}
              destinationId="close-destination"
            />
          </>
        )}
        <Field
          id="close-reason"
          label={a('close.reason')}
          errors={errors.reason}
          control={(aria) => <textarea {...aria} name="reason" rows={3} maxLength={CLOSE_REASON_MAX_LENGTH} />}
        />
        <CurrentPasswordField
          name="password"
          id="close-password"
          label={a('close.password')}
          errors={errors.password}
        />
        <button type="submit" className="button button--danger" disabled={busy}>
          {a('close.submit')}
        </button>
      </form>
      <dialog
        ref={dialog}
        className="dialog"
        onClose={store.cancel}
        aria-labelledby="close-confirm-title"
        aria-describedby="close-confirm-body"
        data-dialog="close-account"
      >
        <h2 id="close-confirm-title">{a('close.confirm_title')}</h2>
        <p id="close-confirm-body">{a('close.confirm_body')}</p>
        <div className="dialog__actions">
          <button type="button" className="button button--danger" onClick={confirm} disabled={busy} aria-busy={busy}>
            {busy ? t('common.busy') : a('close.confirm_yes')}
          </button>
          <button ref={keep} type="button" className="button button--ghost" onClick={store.cancel}>
            {a('close.cancel')}
          </button>
        </div>
      </dialog>
    </section>
  );
}
