import { useStore } from '@nanostores/react';
import { useRef, useState, type SubmitEvent } from 'react';
import { startSelfExclusion, startTimeOut } from '../../api/responsible-gaming';
import { blockPeriods, createRgBlockForm, type RgBlockKind } from '../../stores/rg-block';
import { forgetPlayer } from '../../stores/session';
import { FormAlert } from '../FormAlert';
import { FormField, SubmitButton } from '../FormField';
import { useFormStore } from '../use-form-store';
import { formatDateTime } from './format';
import type { IslandProps } from './messages';
import { SignOutHome } from './SignOutHome';
import { Notice } from './Status';
import { useMessages } from './use-messages';

/**
 * A time-out or a self-exclusion: the consequences in plain words first, then the period, the
 * password and (self-exclusion) a checkbox. Success revokes every token; the page signs out
 * once the player has read and closed the notice.
 */
export function RgBlock(props: IslandProps & { kind: RgBlockKind }) {
  const { locale, kind } = props;
  const { t } = useMessages(props);
  const periods = blockPeriods(kind);
  const [store] = useState(() =>
    createRgBlockForm({
      kind,
      t,
      startTimeOut,
      startSelfExclusion,
      forgetPlayer,
    }),
  );
  const period = useStore(store.$period);
  const password = useStore(store.$password);
  const confirm = useStore(store.$confirm);
  const until = useStore(store.$until);

  const dialog = useRef<HTMLDialogElement>(null);
  const keep = useRef<HTMLButtonElement>(null);
  const confirmed = useRef(false);
  const { errors, busy, form, onSubmit } = useFormStore(store, () => undefined);

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
                onChange={() => store.$period.set(value)}
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
          onChange={(event) => store.$password.set(event.target.value)}
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
                onChange={(event) => store.$confirm.set(event.target.checked)}
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
