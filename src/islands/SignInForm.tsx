import { useState } from 'react';
import { signIn, type Messages } from '../stores/auth-actions';
import { closeAuthDialog, openAuthDialog } from '../stores/dialogs';
import { FormAlert } from './FormAlert';
import { FormField } from './FormField';
import { useFormSubmit } from './use-form-submit';

export function SignInForm({ messages }: { messages: Messages }) {
  const { auth } = messages;
  const [showPassword, setShowPassword] = useState(false);
  const { errors, busy, form, onSubmit } = useFormSubmit(
    (data) => signIn({ email: String(data.get('email') ?? ''), password: String(data.get('password') ?? '') }, messages),
    closeAuthDialog,
  );
  return (
    <form ref={form} onSubmit={onSubmit} noValidate aria-busy={busy} data-form="sign-in">
      <p>{auth('sign_in.intro')}</p>
      <FormAlert errors={errors.form} />
      <FormField name="email" type="email" autoComplete="email" inputMode="email" label={auth('fields.email')} errors={errors.email} required />
      <FormField
        name="password"
        type={showPassword ? 'text' : 'password'}
        autoComplete="current-password"
        label={auth('fields.password')}
        errors={errors.password}
        required
      />
      <label className="checkbox">
        <input type="checkbox" checked={showPassword} onChange={(event) => setShowPassword(event.target.checked)} />
        {auth('fields.show_password')}
      </label>
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
