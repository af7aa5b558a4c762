import { useRef, useState, type SubmitEvent } from 'react';
import { SELF_EXCLUSION_PERIODS, TIME_OUT_PERIODS } from '#core/api/contract.ts';
import { startSelfExclusion, startTimeOut } from '../../api/responsible-gaming';
import { forgetPlayer } from '../../stores/session';
import { serverErrors } from '../../stores/form-errors';
import { FormAlert } from '../FormAlert';
import { FormField, SubmitButton } from '../FormField';
import { useFormSubmit } from '../use-form-submit';
import { formatDateTime } from './format';
import type { IslandProps } from './messages';
import { SignOutHome } from './SignOutHome';
import { Notice } from './Status';
import { failureMessages, useMessages } from './use-messages';

type Kind = 'time_out' | 'self_exclusion';

/**
 * A time-out or a self-exclusion: the consequences in plain words first, then the period, the
 * password and (self-exclusion) a checkbox. Success revokes every token; the page signs out
 * once the player has read and closed the notice.
 */
export function RgBlock(props: IslandProps & { kind: Kind }) {
  const { locale, kind } = props;
  const { t } = useMessages(props);
  const periods = kind === 'time_out' ? TIME_OUT_PERIODS : SELF_EXCLUSION_PERIODS;
  const [period, setPeriod] = useState<string>(periods[0]);
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState(false);
  const [until, setUntil] = useState<string>();

  const dialog = useRef<HTMLDialogElement>(null);
  const keep = useRef<HTMLButtonElement>(null);
  const confirmed = useRef(false);
  const { errors, busy, form, onSubmit } = useFormSubmit(
    async () => {
      try {
        const answer =
          kind === 'time_out'
            ? (await startTimeOut({ period: period as never, password })).time_out_until
            : (await startSelfExclusion({ period: period as never, password, confirm: confirm as true }))
                .self_excluded_until;
        // Every token is revoked already, so the page forgets the player at once: no
        // name or balance any more, and no cookie, so the next page load is simply signed out (no
        // "session expired, sign in again"). The notice stays until the player closes it.
        forgetPlayer();
        setUntil(answer);
        return null;
      } catch (error) {
        return serverErrors(error, failureMessages(t));
      }
    },
    () => {},
  );

  /** A block cannot be undone: the form asks in a modal dialog first, with "Not now" focused. */
  function submit(event: SubmitEvent<HTMLFormElement>) {
    if (confirmed.current) {
      confirmed.current = false;
      return void onSubmit(event);
    }
    event.preventDefault();
    if (busy) return;
    dialog.current?.showModal();
    keep.current?.focus();
  }
  function proceed() {
    confirmed.current = true;
    dialog.current?.close();
    form.current?.requestSubmit();
  }

  if (until) {
    return (
      <div className="stack" data-rg-done={kind}>
        <Notice>{t(`rg.${kind}_done`, { until: formatDateTime(until, locale) })}</Notice>
        <SignOutHome label={t('common.close')} locale={locale} />
      </div>
    );
  }
  return (
    <section className="card" id={kind.replace('_', '-')} aria-labelledby={`rg-${kind}`} data-rg={kind}>
      <h2 id={`rg-${kind}`}>{t(`rg.${kind}_title`)}</h2>
      <p>{t(`rg.${kind}_summary`)}</p>
      <form ref={form} onSubmit={submit} noValidate aria-busy={busy} data-form={kind}>
        <FormAlert errors={errors.form ?? []} />
        <fieldset>
          <legend>{t('rg.period_label')}</legend>
          {periods.map((value) => (
            <label key={value} className="choice">
              <input
                type="radio"
                name={`${kind}-period`}
                value={value}
                checked={period === value}
                onChange={() => setPeriod(value)}
              />
              {t(`rg.period_${value}`)}
            </label>
          ))}
          {errors.period && (
            <p className="field__error" role="alert">
              {errors.period.join(' ')}
            </p>
          )}
        </fieldset>
        <FormField
          id={`${kind}-password`}
          name="password"
          type="password"
          autoComplete="current-password"
          label={t('rg.password')}
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          errors={errors.password}
          required
        />
        {kind === 'self_exclusion' && (
          <div className="field">
            <label className="choice">
              <input
                type="checkbox"
                name="confirm"
                checked={confirm}
                onChange={(event) => setConfirm(event.target.checked)}
                aria-invalid={errors.confirm ? true : undefined}
                aria-describedby={errors.confirm ? 'self-exclusion-confirm-error' : undefined}
              />
              {t('rg.self_exclusion_confirm')}
            </label>
            {errors.confirm && (
              <p id="self-exclusion-confirm-error" className="field__error">
                {errors.confirm.join(' ')}
              </p>
            )}
          </div>
        )}
        <SubmitButton danger busy={busy} busyLabel={t('common.busy')} label={t(`rg.${kind}_submit`)} />
      </form>
      <dialog
        ref={dialog}
        className="dialog"
        aria-labelledby={`rg-${kind}-confirm-title`}
        aria-describedby={`rg-${kind}-confirm-body`}
        data-dialog={`confirm-${kind}`}
      >
        <h2 id={`rg-${kind}-confirm-title`}>{t(`rg.${kind}_confirm_title`)}</h2>
        <p id={`rg-${kind}-confirm-body`}>{t(`rg.${kind}_summary`)}</p>
        <div className="dialog__actions">
          <button type="button" className="button button--danger" onClick={proceed}>
            {t(`rg.${kind}_submit`)}
          </button>
          <button ref={keep} type="button" className="button button--ghost" onClick={() => dialog.current?.close()}>
            {t('rg.confirm_cancel')}
          </button>
        </div>
      </dialog>
    </section>
  );
}
