import { useEffect, useRef, useState } from 'react';
import { signUp, type Messages } from '../stores/auth-actions';
import { closeAuthDialog, openAuthDialog } from '../stores/dialogs';
import { storedReferral } from '../scripts/referral-capture';
import { FormAlert } from './FormAlert';
import { FormField } from './FormField';
import { PasswordField } from './PasswordField';
import { useFormSubmit } from './use-form-submit';

export function SignUpForm({ messages }: { messages: Messages }) {
  const { auth, api } = messages;
  const [ref] = useState(storedReferral);
  const [notice, setNotice] = useState<{ code: string; proceed: () => void }>();
  const { errors, busy, form, onSubmit } = useFormSubmit(
    (data) =>
      signUp(
        { email: String(data.get('email') ?? ''), username: String(data.get('username') ?? ''), password: String(data.get('password') ?? ''), ref },
        messages,
        () => new Promise<void>((proceed) => setNotice({ code: ref ?? '', proceed })),
      ),
    closeAuthDialog,
  );
  // Closing the dialog on the notice still signs the new player in.
  const proceed = useRef<() => void>(undefined);
  proceed.current = notice?.proceed;
  useEffect(() => () => proceed.current?.(), []);

  if (notice) {
    return (
      <div className="auth-notice" data-notice="ref-ignored">
        <p role="status" className="auth-referral">
          {api('auth_limits.ref_ignored', { code: notice.code })}
        </p>
        <button type="button" className="button" onClick={notice.proceed} autoFocus>
          {api('auth_limits.continue')}
        </button>
      </div>
    );
  }
  return (
    <form ref={form} onSubmit={onSubmit} noValidate aria-busy={busy} data-form="sign-up">
      <p>{auth('sign_up.intro')}</p>
      {ref && <p className="auth-referral">{auth('sign_up.referral', { code: ref })}</p>}
      <FormAlert errors={[...(errors.form ?? []), ...(errors.ref ?? [])]} />
      <FormField name="email" type="email" autoComplete="email" inputMode="email" label={auth('fields.email')} errors={errors.email} required />
      <FormField name="username" autoComplete="username" label={auth('fields.username')} errors={errors.username} required />
      <PasswordField label={auth('fields.password')} showLabel={auth('fields.show_password')} autoComplete="new-password" hint={auth('sign_up.password_hint')} errors={errors.password} />
      <button type="submit" className="button" disabled={busy}>
        {busy ? auth('dialog.busy') : auth('sign_up.submit')}
      </button>
      <p className="auth-switch">
        {auth('sign_up.switch_prompt')}{' '}
        <button type="button" className="link-button" onClick={() => openAuthDialog('sign-in')}>
          {auth('sign_up.switch')}
        </button>
      </p>
    </form>
  );
}
