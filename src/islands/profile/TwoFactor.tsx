import { useState, type ReactNode } from 'react';
import type { TwoFactorActivateResponse } from '#core/api/contract.ts';
import { activateTwoFactor, confirmTwoFactor, deactivateTwoFactor, twoFactorStatus } from '../../api/security';
import { checkTwoFactorCode } from '#core/api/two-factor-code.ts';
import { hasProblems, requireText, type Problems } from '#core/api/validation.ts';
import { problemMessages, serverErrors, type FormErrors } from '../../stores/form-errors';
import { FormAlert } from '../FormAlert';
import { FormField } from '../FormField';
import { PasswordField } from '../PasswordField';
import { useFormSubmit } from '../use-form-submit';
import type { IslandProps } from './messages';
import { LoadError, Notice, Skeleton } from './Status';
import { failureMessages, useMessages, type Translators } from './use-messages';
import { useResource } from './use-resource';

/** Two-factor sign-in: set-up with the QR code, the key as text and a first code; backup codes; turning it off. */
export function TwoFactor(props: IslandProps) {
  const { t, api } = useMessages(props);
  const status = useResource(twoFactorStatus);
  const [setup, setSetup] = useState<TwoFactorActivateResponse>();
  const [backupCodes, setBackupCodes] = useState<string[]>();
  const [notice, setNotice] = useState<string>();
  // The password of the start form, kept in memory only until the set-up is confirmed or cancelled:
  // turning two-factor on needs it twice, the player types it once.
  const [password, setPassword] = useState('');

  const start = useFormSubmit(
    async (data): Promise<FormErrors | null> => {
      const problems: Problems = {};
      const typed = String(data.get('current_password') ?? '');
      requireText(problems, 'current_password', typed);
      if (hasProblems(problems)) return problemMessages(problems, api);
      setNotice(undefined);
      try {
        setSetup(await activateTwoFactor(typed));
        setPassword(typed);
        return null;
      } catch (error) {
        return serverErrors(error, failureMessages(t));
      }
    },
    () => undefined,
  );

  function cancelSetup() {
    setSetup(undefined);
    setPassword('');
  }

  const confirm = useFormSubmit(
    async (data): Promise<FormErrors | null> => {
      const problems: Problems = {};
      const code = String(data.get('code') ?? '').trim();
      checkTwoFactorCode(problems, 'code', code);
      if (hasProblems(problems)) return problemMessages(problems, api);
      try {
        setBackupCodes((await confirmTwoFactor(code, password)).backup_codes);
        return null;
      } catch (error) {
        return serverErrors(error, failureMessages(t));
      }
    },
    () => {
      cancelSetup();
      setNotice(t('security.turned_on'));
      status.reload();
    },
  );

  const turnOff = useFormSubmit(
    async (data): Promise<FormErrors | null> => {
      const problems: Problems = {};
      const current = String(data.get('current_password') ?? '');
      const code = String(data.get('code') ?? '').trim();
      requireText(problems, 'current_password', current);
      checkTwoFactorCode(problems, 'code', code);
      if (hasProblems(problems)) return problemMessages(problems, api);
      try {
        await deactivateTwoFactor({ current_password: current, code });
        return null;
      } catch (error) {
        return serverErrors(error, failureMessages(t));
      }
    },
    () => {
      setBackupCodes(undefined);
      setNotice(t('security.turned_off'));
      status.reload();
    },
  );

  return (
    <section
      className="card stack"
      aria-labelledby="two-factor-title"
      data-two-factor={status.data ? (status.data.enabled ? 'on' : 'off') : undefined}
    >
      <h2 id="two-factor-title">{t('security.two_factor_title')}</h2>
      {notice && <Notice>{notice}</Notice>}
      {backupCodes && (
        <div className="backup-codes stack" data-backup-codes>
          <h3>{t('security.backup_title')}</h3>
          <p>{t('security.backup_intro')}</p>
          <ul className="backup-codes__list">
            {backupCodes.map((code) => (
              <li key={code}>
                <code>{code}</code>
              </li>
            ))}
          </ul>
          <button type="button" className="button button--ghost" onClick={() => setBackupCodes(undefined)}>
            {t('security.backup_done')}
          </button>
        </div>
      )}
      {status.state === 'error' ? (
        <LoadError message={t('common.error')} retry={t('common.retry')} onRetry={status.retry} />
      ) : !status.data ? (
        <Skeleton lines={2} label={t('common.loading')} />
      ) : status.data.enabled ? (
        <>
          <p>{t('security.two_factor_on')}</p>
          <p>{t('security.backup_left', { count: status.data.backup_codes_left })}</p>
          <StepForm step={turnOff} name="off">
            <h3>{t('security.turn_off_title')}</h3>
            <p>{t('security.turn_off_intro')}</p>
            <FormAlert errors={turnOff.errors.form} />
            <TwoFactorPassword id="field-off-password" t={t} errors={turnOff.errors.current_password} />
            <FormField
              name="code"
              id="field-off-code"
              label={t('security.off_code_label')}
              autoComplete="one-time-code"
              errors={turnOff.errors.code}
              required
            />
            <button type="submit" className="button" disabled={turnOff.busy}>
              {turnOff.busy ? t('common.busy') : t('security.turn_off')}
            </button>
          </StepForm>
        </>
      ) : setup ? (
        <StepForm step={confirm} name="confirm">
          <p>{t('security.scan')}</p>
          {/* The server draws the QR code (qrcode, SVG); an <img> keeps it inert. */}
          <img
            className="two-factor__qr"
            src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(setup.qr_svg)}`}
            alt={t('security.qr_alt')}
            width={200}
            height={200}
          />
          <p>
            {t('security.secret_label')}:{' '}
            <code className="two-factor__secret" data-secret>
              {setup.secret}
            </code>
          </p>
          <FormAlert errors={confirm.errors.form} />
          <FormField
            name="code"
            id="field-setup-code"
            label={t('security.code_label')}
            inputMode="numeric"
            autoComplete="one-time-code"
            errors={confirm.errors.code}
            required
          />
          <div className="form-actions">
            <button type="submit" className="button" disabled={confirm.busy}>
              {confirm.busy ? t('common.busy') : t('security.confirm')}
            </button>
            <button type="button" className="button button--ghost" onClick={cancelSetup}>
              {t('common.cancel')}
            </button>
          </div>
        </StepForm>
      ) : (
        <>
          <p>{t('security.two_factor_off')}</p>
          <StepForm step={start} name="start">
            <p>{t('security.turn_on_intro')}</p>
            <FormAlert errors={start.errors.form} />
            <TwoFactorPassword id="field-on-password" t={t} errors={start.errors.current_password} />
            <button type="submit" className="button" disabled={start.busy}>
              {start.busy ? t('common.busy') : t('security.turn_on')}
            </button>
          </StepForm>
        </>
      )}
    </section>
  );
}

/** The current password that turning two-factor sign-in on or off asks for, with its "show" switch. */
function TwoFactorPassword({ id, t, errors }: { id: string; t: Translators['t']; errors?: string[] }) {
  return (
    <PasswordField
      name="current_password"
      id={id}
      label={t('security.password_label')}
      showLabel={t('security.show_password')}
      autoComplete="current-password"
      errors={errors}
    />
  );
}

/** A step's form (turn on, confirm, turn off), wired to its submit handler; `name` ends its data-form. */
function StepForm({
  step,
  name,
  children,
}: {
  step: ReturnType<typeof useFormSubmit>;
  name: string;
  children: ReactNode;
}) {
  return (
    <form
      ref={step.form}
      onSubmit={step.onSubmit}
      noValidate
      aria-busy={step.busy}
      data-form={`two-factor-${name}`}
      className="stack"
    >
      {children}
    </form>
  );
}
