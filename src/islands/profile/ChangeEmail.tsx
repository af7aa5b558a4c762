import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { setEmail } from '../../api/account';
import { createChangeEmailForm } from '../../stores/change-email';
import { FormAlert } from '../FormAlert';
import { FormField, SubmitButton } from '../FormField';
import { CurrentPasswordField } from './CurrentPasswordField';
import { useFormStore } from '../use-form-store';
import { useAccountMessages } from './account-messages';
import type { IslandProps } from './messages';
import { Notice, TextPlaceholder } from './Status';
import { useMessages } from './use-messages';
import { useUser } from './use-user';

/**
 * Change email (POST /auth/users/set_email/), for /profile/security. The answer is the same
 * whether the new address is free or taken; the link mailed there makes the change.
 */
export function ChangeEmail(props: IslandProps) {
  const { t } = useMessages(props);
  const a = useAccountMessages(props);
  const user = useUser();
  const [store] = useState(() => createChangeEmailForm({ t, setEmail }));
  const sent = useStore(store.$sentTo);
  const { errors, busy, form, onSubmit } = useFormStore(store, (data) => ({
    current_password: String(data.get('current_password') ?? ''),
    new_email: String(data.get('new_email') ?? ''),
  }));
  // Sent: the address and the password leave the form.
  useEffect(() => {
    if (sent) form.current?.reset();
  }, [sent, form]);
  return (
    <section aria-labelledby="change-email-title" className="card" data-card="change-email">
      <h2 id="change-email-title">{a('email.title')}</h2>
      {/* The line keeps its height while the player loads: nothing below moves. */}
      <p>{user ? a('email.current', { email: user.email }) : <TextPlaceholder size="long" />}</p>
      {sent && <Notice>{a('email.sent', { email: sent })}</Notice>}
      <form ref={form} onSubmit={onSubmit} noValidate aria-busy={busy} data-form="change-email">
        <FormAlert errors={errors.form} />
        <FormField
          name="new_email"
          id="change-email-new"
          type="email"
          label={a('email.new')}
          autoComplete="email"
          errors={errors.new_email}
          required
        />
        <CurrentPasswordField
          name="current_password"
          id="change-email-password"
          label={a('email.password')}
          errors={errors.current_password}
        />
        <SubmitButton busy={busy} busyLabel={t('common.busy')} label={a('email.submit')} />
      </form>
    </section>
  );
}
