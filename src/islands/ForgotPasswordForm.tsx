import { useState } from 'react';
import { authForm, requestReset, type Messages } from '../stores/auth-actions';
import { openAuthDialog } from '../stores/dialogs';
import { FormAlert } from './FormAlert';
import { EmailField } from './EmailField';
import { SubmitButton } from './FormField';
import { useFormStore } from './use-form-store';

/**
 * Asks for a password-reset link. The confirmation reads the same for every address, as the
 * server's answer does, so the form tells nobody whether an account exists.
 */
export function ForgotPasswordForm({ messages }: { messages: Messages }) {
  const { auth } = messages;
  const [store] = useState(() => authForm(requestReset, messages));
  const { errors, state, busy, form, onSubmit } = useFormStore(store, (data) => ({
    email: String(data.get('email') ?? ''),
  }));
  const sent = state === 'done';
  const back = (
    <p className="auth-switch">
      <button type="button" className="link-button" onClick={() => openAuthDialog('sign-in')}>
        {auth('forgot.back')}
      </button>
    </p>
  );
  if (sent) {
    return (
      <div className="auth-notice" data-notice="reset-sent">
        <p role="status">{auth('forgot.sent')}</p>
        {back}
      </div>
    );
  }
  return (
    <form ref={form} onSubmit={onSubmit} noValidate aria-busy={busy} data-form="forgot-password">
      <p>{auth('forgot.intro')}</p>
      <FormAlert errors={errors.form} />
      <EmailField label={auth('fields.email')} errors={errors.email} />
      <SubmitButton busy={busy} busyLabel={auth('dialog.busy')} label={auth('forgot.submit')} />
      {back}
    </form>
  );
}
