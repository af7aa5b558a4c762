import { useState } from 'react';
import { localizedPath } from '../../core/i18n/urls';
import { authForm, confirmReset } from '../stores/auth-actions';
import { FormAlert } from './FormAlert';
import { useAuthMessages, useMailedLink } from './mailed-link';
import { NewPasswordField } from './PasswordField';
import { SubmitButton } from './FormField';
import type { IslandProps } from './profile/messages';
import { useFormStore } from './use-form-store';

/**
 * The page the reset mail links to: a new password with the registration rules, then the way
 * to sign in with it. The fragment is cleared at once, so the token is not left in the address
 * bar, the history or a shared screenshot.
 */
export function ResetPasswordForm({ locale, messages }: IslandProps) {
  const translators = useAuthMessages({ locale, messages });
  const { auth } = translators;
  const [link, setLink] = useState<{ uid: string; token: string } | null>();
  useMailedLink((found) => setLink(found ?? null));
  const [store] = useState(() => authForm(confirmReset, translators));
  const { errors, state, busy, form, onSubmit } = useFormStore(store, (data) => ({
    ...link!,
    new_password: String(data.get('new_password') ?? ''),
  }));
  const done = state === 'done';
  const signIn = `${localizedPath('/', locale)}#sign-in`;
  const forgot = auth('sign_in.forgot');

  if (link === undefined) return <p aria-busy="true">{auth('dialog.busy')}</p>;
  if (done) {
    return (
      <div className="auth-notice" data-notice="password-reset">
        <p role="status">{auth('reset.done')}</p>
        <a className="button" href={signIn}>
          {auth('reset.sign_in')}
        </a>
      </div>
    );
  }
  // A link without its fragment, or one the server refused: the way forward is a new link.
  const linkErrors = [...(errors.uid ?? []), ...(errors.token ?? [])];
  if (!link || linkErrors.length) {
    return (
      <div className="auth-notice" data-notice="broken-link">
        <FormAlert errors={[...linkErrors, auth('reset.broken_link', { forgot })]} />
        <a className="button" href={`${localizedPath('/', locale)}#forgot-password`}>
          {forgot}
        </a>
      </div>
    );
  }
  return (
    <form ref={form} onSubmit={onSubmit} noValidate aria-busy={busy} data-form="reset-password">
      <p>{auth('reset.intro')}</p>
      <FormAlert errors={errors.form} />
      <NewPasswordField
        auth={auth}
        name="new_password"
        label={auth('reset.new_password')}
        errors={errors.new_password}
      />
      <SubmitButton busy={busy} busyLabel={auth('dialog.busy')} label={auth('reset.submit')} />
    </form>
  );
}
