import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { signIn, type Messages } from '../stores/auth-actions';
import { $sessionEnded, closeAuthDialog, openAuthDialog } from '../stores/dialogs';
import { FormAlert } from './FormAlert';
import { FormField } from './FormField';
import { PasswordField } from './PasswordField';
import { useFormSubmit } from './use-form-submit';

export function SignInForm({ messages }: { messages: Messages }) {
  const { auth, api } = messages;
  const ended = useStore($sessionEnded);
  // Shown from the moment the server asks for a code (two-factor sign-in) until the dialog closes.
  const [askCode, setAskCode] = useState(false);
  const { errors, busy, form, onSubmit } = useFormSubmit(
    (data) =>
      signIn(
        {
          email: String(data.get('email') ?? ''),
          password: String(data.get('password') ?? ''),
          ...(askCode ? { code: String(data.get('code') ?? '') } : {}),
        },
        messages,
      ),
    closeAuthDialog,
  );
  useEffect(() => {
    if (errors.code) setAskCode(true);
  }, [errors]);
  // The notice is about the sign-in that brought the dialog up; it goes when the dialog does.
  useEffect(() => () => $sessionEnded.set(false), []);
  return (
    <form ref={form} onSubmit={onSubmit} noValidate aria-busy={busy} data-form="sign-in">
      {ended ? (
        <p className="notice notice--info" role="status" data-session-ended>
          {api('errors.invalid_token')}
        </p>
      ) : (
        <p>{auth('sign_in.intro')}</p>
      )}
      <FormAlert errors={errors.form} />
      <FormField name="email" type="email" autoComplete="email" inputMode="email" label={auth('fields.email')} errors={errors.email} required />
      <PasswordField label={auth('fields.password')} showLabel={auth('fields.show_password')} autoComplete="current-password" errors={errors.password} />
      {(askCode || errors.code) && (
        <FormField name="code" autoComplete="one-time-code" label={auth('fields.code')} hint={auth('fields.code_hint')} errors={errors.code} required />
      )}
      <p className="auth-forgot">
        <button type="button" className="link-button" onClick={() => openAuthDialog('forgot-password')}>
          {auth('sign_in.forgot')}
        </button>
      </p>
      <button type="submit" className="button" disabled={busy}>
        {busy ? auth('dialog.busy') : auth('sign_in.submit')}
      </button>
      <p className="auth-switch">
        {auth('sign_in.switch_prompt')}{' '}
        <button type="button" className="link-button" onClick={() => openAuthDialog('sign-up')}>
          {auth('sign_in.switch')}
        </button>
      </p>
    </form>
  );
}
