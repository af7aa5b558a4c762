import { useMemo, useState } from 'react';
import type { User } from '../../../core/api/contract';
import { updateUser } from '../../api/user';
import { checkUserUpdate, hasProblems } from '../../../core/api/validation';
import type { Translate } from '../../i18n/translator';
import { setUser } from '../../stores/session';
import { problemMessages, serverErrors, type FormErrors } from '../../stores/form-errors';
import { FormAlert } from '../FormAlert';
import { useFormSubmit } from '../use-form-submit';
import { Notice } from './Status';
import { failureMessages } from './use-messages';

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
      const changes = { time_zone: String(data.get('time_zone') ?? '') };
      const problems = checkUserUpdate(changes);
      if (hasProblems(problems)) return problemMessages(problems, api);
      try {
        setUser(await updateUser(changes));
        return null;
      } catch (error) {
        return serverErrors(error, failureMessages(t));
      }
    },
    () => setSaved(true),
  );
  const fieldErrors = errors.time_zone ?? [];
  const described = ['field-time_zone-hint', fieldErrors.length ? 'field-time_zone-error' : '']
    .filter(Boolean)
    .join(' ');

  return (
    <section className="card" aria-labelledby="time-zone-title" data-card="time-zone">
      <h2 id="time-zone-title">{t('overview.time_zone_title')}</h2>
      <form ref={form} onSubmit={onSubmit} noValidate aria-busy={busy} data-form="time-zone">
        <FormAlert errors={errors.form} />
        <div className="field">
          <label htmlFor="field-time_zone">{t('overview.time_zone')}</label>
          <select
            id="field-time_zone"
            name="time_zone"
            defaultValue={chosen}
            key={stored ?? ''}
            onChange={() => setSaved(false)}
            aria-invalid={fieldErrors.length ? true : undefined}
            aria-describedby={described}
          >
            {zones.map((zone) => (
              <option key={zone} value={zone}>
                {zone.replaceAll('_', ' ')}
              </option>
            ))}
          </select>
          <p className="field__hint" id="field-time_zone-hint">
            {stored
              ? t('overview.time_zone_hint')
              : `${t('overview.time_zone_hint')} ${t('overview.time_zone_suggested')}`}
          </p>
          {fieldErrors.length > 0 && (
            <p className="field__error" id="field-time_zone-error">
              {fieldErrors.join(' ')}
            </p>
          )}
        </div>
        {saved && <Notice>{t('overview.time_zone_saved')}</Notice>}
        <button type="submit" className="button" disabled={busy}>
          {busy ? t('common.busy') : t('overview.time_zone_save')}
        </button>
      </form>
    </section>
  );
}
