import { useEffect, useState } from 'react';
import { setPassword } from '../../api/auth';
import { createChangePasswordForm } from '../../stores/change-password';
import { FormAlert } from '../FormAlert';
import { SubmitButton } from '../FormField';
import { NewPasswordField, PasswordField } from '../PasswordField';
import { useFormStore } from '../use-form-store';
import type { IslandProps } from './messages';
import { useMessages } from './use-messages';

/**
 * Change password (POST /auth/users/set_password/), for /profile/security. The page passes the
 * `profile`, `api` and `auth` message sets. This session stays signed in; the server signs out
 * every other one and mails the player a notice.
 */
export function ChangePassword(props: IslandProps) {
  const { t, api, auth } = useMessages(props);
  const [store] = useState(() => createChangePasswordForm({ t, api, setPassword }));
  const { errors, state, busy, form, onSubmit } = useFormStore(store, (data) => ({
    current_password: String(data.get('current_password') ?? ''),
    new_password: String(data.get('new_password') ?? ''),
  }));
  const done = state === 'done';
  // Changed: the passwords leave the form.
  useEffect(() => {
    if (done) form.current?.reset();
  }, [done, form]);
  return (
    <section aria-labelledby="change-password-title" className="card">
      <h2 id="change-password-title">{t('change_password.title')}</h2>
      <form ref={form} onSubmit={onSubmit} noValidate aria-busy={busy} data-form="change-password">
        <FormAlert errors={errors.form} />
        <PasswordField
          name="current_password"
          label={t('change_password.current')}
          showLabel={auth('fields.show_password')}
          autoComplete="current-password"
          errors={errors.current_password}
        />
        <NewPasswordField
          auth={auth}
          name="new_password"
          label={t('change_password.new')}
          errors={errors.new_password}
        />
        <SubmitButton busy={busy} busyLabel={auth('dialog.busy')} label={t('change_password.submit')} />
        <p role="status">{done ? t('change_password.done') : ''}</p>
      </form>
    </section>
  );
}
