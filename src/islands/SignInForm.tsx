import { signIn, type Messages } from '../stores/auth-actions';
import { closeAuthDialog, openAuthDialog } from '../stores/dialogs';
import { FormAlert } from './FormAlert';
import { FormField } from './FormField';
import { PasswordField } from './PasswordField';
import { useFormSubmit } from './use-form-submit';

export function SignInForm({ messages }: { messages: Messages }) {
  const { auth } = messages;
  const { errors, busy, form, onSubmit } = useFormSubmit(
    (data) => signIn({ email: String(data.get('email') ?? ''), password: String(data.get('password') ?? '') }, messages),
    closeAuthDialog,
  );
  return (
    <form ref={form} onSubmit={onSubmit} noValidate aria-busy={busy} data-form="sign-in">
      <p>{auth('sign_in.intro')}</p>
      <FormAlert errors={errors.form} />
      <FormField name="email" type="email" autoComplete="email" inputMode="email" label={auth('fields.email')} errors={errors.email} required />
      <PasswordField label={auth('fields.password')} showLabel={auth('fields.show_password')} autoComplete="current-password" errors={errors.password} />
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
