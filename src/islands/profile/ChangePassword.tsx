import { useState } from 'react';
import { setPassword } from '../../api/auth';
import { strongNewPassword } from '../../stores/new-password';
import { serverErrors } from '../../stores/form-errors';
import { FormAlert } from '../FormAlert';
import { SubmitButton } from '../FormField';
import { NewPasswordField, PasswordField } from '../PasswordField';
import { useFormSubmit } from '../use-form-submit';
import type { IslandProps } from './messages';
import { failureMessages, useMessages } from './use-messages';

/**
 * Change password (POST /auth/users/set_password/), for /profile/security. The page passes the
 * `profile`, `api` and `auth` message sets. This session stays signed in; the server signs out
 * every other one and mails the player a notice.
 */
export function ChangePassword(props: IslandProps) {
  const { t, api, auth } = useMessages(props);
  const [done, setDone] = useState(false);
  const { errors, busy, form, onSubmit } = useFormSubmit(
    async (data) => {
      setDone(false);
      const values = {
        current_password: String(data.get('current_password') ?? ''),
        new_password: String(data.get('new_password') ?? ''),
      };
      const weak = await strongNewPassword(values.new_password, api);
      if (weak) return weak;
      try {
        await setPassword(values);
        return null;
      } catch (error) {
        return serverErrors(error, failureMessages(t));
      }
    },
    () => {
      form.current?.reset();
      setDone(true);
    },
  );
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
