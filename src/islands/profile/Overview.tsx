import { countryName } from '#core/geo/countries.ts';
import { localizedPath } from '#core/i18n/urls.ts';
import { useState } from 'react';
import { updateUser } from '../../api/user';
import { setUser } from '../../stores/session';
import { createUserFieldsForm } from '../../stores/user-fields';
import { FormAlert } from '../FormAlert';
import { FormField, SubmitButton } from '../FormField';
import { useFormStore } from '../use-form-store';
import { formatDate, formatMoney } from './format';
import type { IslandProps } from './messages';
import { Notice, Skeleton } from './Status';
import { TimeZoneForm } from './TimeZoneForm';
import { ProfileSwitchCard } from './ProfileSwitchCard';
import { useMessages } from './use-messages';
import { useUser } from './use-user';

/** /profile: the account at a glance, and the profile fields the player may edit. */
/** The fields a player edits here, each with its autocomplete token; only the username is required. */
const PROFILE_FIELDS = [
  ['username', 'username'],
  ['first_name', 'given-name'],
  ['last_name', 'family-name'],
] as const;

export function Overview(props: IslandProps) {
  const { locale } = props;
  const { t, api, loyal } = useMessages(props);
  const user = useUser();
  const [store] = useState(() => createUserFieldsForm({ t, api, updateUser, saved: setUser }));
  const { errors, state, busy, form, onSubmit } = useFormStore(store, (data) => ({
    username: String(data.get('username') ?? ''),
    first_name: String(data.get('first_name') ?? '').trim(),
    last_name: String(data.get('last_name') ?? '').trim(),
  }));
  const saved = state === 'done';

  if (!user) return <Skeleton lines={6} label={t('common.loading')} />;
  const money = (amount: string) => formatMoney(amount, user.currency, locale);
  const summary: [string, string][] = [
    [t('overview.username'), user.username],
    [t('overview.email'), user.email],
    [t('overview.balance'), money(user.balance)],
    [t('overview.bonus'), money(user.bonus_balance)],
    [t('overview.level'), loyal(`levels.${user.loyalty.level}`)],
    [t('overview.joined'), formatDate(user.date_joined, locale)],
    [t('overview.country'), user.country ? countryName(user.country, locale) : t('overview.country_unknown')],
  ];

  return (
    <div className="stack">
      <section className="card" aria-labelledby="summary-title">
        <h2 id="summary-title">{t('overview.summary_title')}</h2>
        <dl className="summary">
          {summary.map(([label, value]) => (
            <div key={label}>
              <dt>{label}</dt>
              <dd data-field={label}>{value}</dd>
            </div>
          ))}
        </dl>
      </section>

      <section className="card" aria-labelledby="edit-title">
        <h2 id="edit-title">{t('overview.edit_title')}</h2>
        <form ref={form} onSubmit={onSubmit} noValidate aria-busy={busy} data-form="profile">
          <FormAlert errors={errors.form} />
          {PROFILE_FIELDS.map(([name, autoComplete]) => (
            <FormField
              key={name}
              name={name}
              label={t(`overview.${name}`)}
              defaultValue={user[name]}
              autoComplete={autoComplete}
              errors={errors[name]}
              required={name === 'username'}
            />
          ))}
          <p className="field__hint">
            <a href={`${localizedPath('/profile/security', props.locale)}#change-email-title`}>
              {t('overview.email_locked')}
            </a>
          </p>
          {saved && <Notice>{t('overview.saved')}</Notice>}
          <SubmitButton busy={busy} busyLabel={t('common.busy')} label={t('common.save')} />
        </form>
      </section>

      <TimeZoneForm user={user} t={t} api={api} />
      <ProfileSwitchCard
        {...{ user, t, api }}
        field="incognito"
        texts={{
          title: t('overview.incognito_title'),
          label: t('overview.incognito'),
          hint: t('overview.incognito_hint'),
          save: t('overview.incognito_save'),
          saved: t('overview.incognito_saved'),
        }}
      />
      <ProfileSwitchCard
        {...{ user, t, api }}
        field="marketing_consent"
        texts={{
          title: t('overview.marketing_title'),
          label: t('overview.marketing_consent'),
          save: t('common.save'),
          saved: t('overview.marketing_saved'),
        }}
      />
    </div>
  );
}
