import { useState } from 'react';
import type { User } from '#core/api/contract.ts';
import type { Translate } from '../../i18n/translator';
import { updateUser } from '../../api/user';
import { setUser } from '../../stores/session';
import { createUserFieldsForm } from '../../stores/user-fields';
import { FormAlert } from '../FormAlert';
import { SubmitButton } from '../FormField';
import { useFormStore } from '../use-form-store';
import { Notice } from './Status';

interface Props {
  user: User;
  t: Translate<'profile'>;
  api: Translate<'api'>;
}

/**
 * Incognito: the player appears as "Hidden" instead of a masked name in the public bets and
 * winners feeds. Off by default; saved with the button, like the profile's other settings.
 */
export function IncognitoForm({ user, t, api }: Props) {
  const [store] = useState(() => createUserFieldsForm({ t, api, updateUser, saved: setUser }));
  const { errors, state, busy, form, onSubmit } = useFormStore(store, (data) => ({
    incognito: data.get('incognito') === 'on',
  }));

  return (
    <section className="card" aria-labelledby="incognito-title" data-card="incognito">
      <h2 id="incognito-title">{t('overview.incognito_title')}</h2>
      <form ref={form} onSubmit={onSubmit} noValidate aria-busy={busy} data-form="incognito">
        <FormAlert errors={errors.form ?? errors.incognito} />
        <div className="field">
          <label className="choice">
            <input
              type="checkbox"
              name="incognito"
              defaultChecked={user.incognito}
              key={String(user.incognito)}
              onChange={store.edited}
              aria-describedby="incognito-hint"
            />
            {t('overview.incognito')}
          </label>
          <p className="field__hint" id="incognito-hint">
            {t('overview.incognito_hint')}
          </p>
        </div>
        {state === 'done' && <Notice>{t('overview.incognito_saved')}</Notice>}
        <SubmitButton busy={busy} busyLabel={t('common.busy')} label={t('overview.incognito_save')} />
      </form>
    </section>
  );
}
