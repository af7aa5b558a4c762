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

/** Consent to marketing offers: promotions reach only players who tick it; the server audits each change. */
export function MarketingConsentForm({ user, t, api }: Props) {
  const [store] = useState(() => createUserFieldsForm({ t, api, updateUser, saved: setUser }));
  const { errors, state, busy, form, onSubmit } = useFormStore(store, (data) => ({
    marketing_consent: data.get('marketing_consent') === 'on',
  }));
  return (
    <section className="card" aria-labelledby="marketing-consent-title" data-card="marketing-consent">
      <h2 id="marketing-consent-title">{t('overview.marketing_title')}</h2>
      <form ref={form} onSubmit={onSubmit} noValidate aria-busy={busy} data-form="marketing-consent">
        <FormAlert errors={[...(errors.form ?? []), ...(errors.marketing_consent ?? [])]} />
        <div className="field">
          <label className="checkbox">
            <input
              type="checkbox"
              name="marketing_consent"
              defaultChecked={user.marketing_consent}
              key={String(user.marketing_consent)}
              onChange={store.edited}
            />
            <span>{t('overview.marketing_consent')}</span>
          </label>
        </div>
        {state === 'done' && <Notice>{t('overview.marketing_saved')}</Notice>}
        <SubmitButton busy={busy} busyLabel={t('common.busy')} label={t('common.save')} />
      </form>
    </section>
  );
}
