import { useMemo, useState } from 'react';
import type { User } from '#core/api/contract.ts';
import type { Translate } from '../../i18n/translator';
import type { FormErrors } from '../../stores/form-errors';
import { FormAlert } from '../FormAlert';
import { Field, SubmitButton } from '../FormField';
import { useFormSubmit } from '../use-form-submit';
import { saveUserChanges } from './save-user';
import { Notice } from './Status';

/** The browser's own zone, or undefined where Intl cannot say. */
function deviceTimeZone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || undefined;
  } catch {
    return undefined;
  }
}

/**
 * Every zone this browser knows (`Intl.supportedValuesOf`), with the chosen one added when the list
 * lacks it: the list holds region zones only (no "UTC"), and one runtime's name may be another's
 * alias ("Asia/Kolkata" and "Asia/Calcutta").
 */
function zoneList(chosen: string | undefined): string[] {
  const zones = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return chosen && !zones.includes(chosen) ? [chosen, ...zones] : zones;
}

interface Props {
  user: User;
  t: Translate<'profile'>;
  api: Translate<'api'>;
}

/**
 * The time zone the player's mails write dates in. A player with none stored is offered
 * their device's zone, and told that nothing is saved until they save it.
 */
export function TimeZoneForm({ user, t, api }: Props) {
  const stored = user.time_zone ?? null;
  const chosen = stored ?? deviceTimeZone();
  const zones = useMemo(() => zoneList(chosen), [chosen]);
  const [saved, setSaved] = useState(false);
  const { errors, busy, form, onSubmit } = useFormSubmit(
    async (data): Promise<FormErrors | null> => {
      setSaved(false);
      return saveUserChanges({ time_zone: String(data.get('time_zone') ?? '') }, { t, api });
    },
    () => setSaved(true),
  );

  return (
    <section className="card" aria-labelledby="time-zone-title" data-card="time-zone">
      <h2 id="time-zone-title">{t('overview.time_zone_title')}</h2>
      <form ref={form} onSubmit={onSubmit} noValidate aria-busy={busy} data-form="time-zone">
        <FormAlert errors={errors.form} />
        <Field
          id="field-time_zone"
          label={t('overview.time_zone')}
          hint={
            stored
              ? t('overview.time_zone_hint')
              : `${t('overview.time_zone_hint')} ${t('overview.time_zone_suggested')}`
          }
          errors={errors.time_zone}
          control={(aria) => (
            <select
              {...aria}
              name="time_zone"
              defaultValue={chosen}
              key={stored ?? ''}
              onChange={() => setSaved(false)}
            >
              {zones.map((zone) => (
                <option key={zone} value={zone}>
                  {zone.replaceAll('_', ' ')}
                </option>
              ))}
            </select>
          )}
        />
        {saved && <Notice>{t('overview.time_zone_saved')}</Notice>}
        <SubmitButton busy={busy} busyLabel={t('common.busy')} label={t('overview.time_zone_save')} />
      </form>
    </section>
  );
}
