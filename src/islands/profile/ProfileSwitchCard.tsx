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

/** The player's on/off settings of the profile, each saved by its own button. */
export type ProfileSwitch = 'incognito' | 'marketing_consent';

interface Props {
  user: User;
  t: Translate<'profile'>;
  api: Translate<'api'>;
  field: ProfileSwitch;
  texts: { title: string; label: string; hint?: string; save: string; saved: string };
}

/** One setting as a card: a checkbox (with its hint), saved through `PATCH /api/user/update`. */
export function ProfileSwitchCard({ user, t, api, field, texts }: Props) {
  const [store] = useState(() => createUserFieldsForm({ t, api, updateUser, saved: setUser }));
  const { errors, state, busy, form, onSubmit } = useFormStore(store, (data) => ({
    [field]: data.get(field) === 'on',
  }));
  const name = field.replace('_', '-');
  const hintId = `${name}-hint`;
  return (
    <section className="card" aria-labelledby={`${name}-title`} data-card={name}>
      <h2 id={`${name}-title`}>{texts.title}</h2>
      <form ref={form} onSubmit={onSubmit} noValidate aria-busy={busy} data-form={name}>
        <FormAlert errors={[...(errors.form ?? []), ...(errors[field] ?? [])]} />
        <div className="field">
          <label className="choice">
            <input
              type="checkbox"
              name={field}
              defaultChecked={user[field]}
              key={String(user[field])}
              onChange={store.edited}
              aria-describedby={texts.hint ? hintId : undefined}
            />
            {texts.label}
          </label>
          {texts.hint && (
            <p className="field__hint" id={hintId}>
              {texts.hint}
            </p>
          )}
        </div>
        {state === 'done' && <Notice>{texts.saved}</Notice>}
        <SubmitButton busy={busy} busyLabel={t('common.busy')} label={texts.save} />
      </form>
    </section>
  );
}
