import { useEffect, useRef, useState } from 'react';
import { signUp, type Messages } from '../stores/auth-actions';
import { closeAuthDialog, openAuthDialog } from '../stores/dialogs';
import { localizedPath } from '../i18n/urls';
import type { Locale } from '../i18n/locales.mjs';
import { storedReferral } from '../scripts/referral-capture';
import { FormAlert } from './FormAlert';
import { FormField } from './FormField';
import { PasswordField } from './PasswordField';
import { useFormSubmit } from './use-form-submit';

export function SignUpForm({ messages }: { messages: Messages }) {
  const { auth, api } = messages;
  const [ref] = useState(storedReferral);
  const [notice, setNotice] = useState<{ code: string; proceed: () => void }>();
  const { errors, busy, form, onSubmit } = useFormSubmit(
    (data) =>
      signUp(
        {
          email: String(data.get('email') ?? ''),
          username: String(data.get('username') ?? ''),
          password: String(data.get('password') ?? ''),
          date_of_birth: String(data.get('date_of_birth') ?? ''),
          accept_terms: data.get('accept_terms') === 'on',
          ref,
        },
        messages,
        () => new Promise<void>((proceed) => setNotice({ code: ref ?? '', proceed })),
      ),
    closeAuthDialog,
  );
  // Closing the dialog on the notice still signs the new player in.
  const proceed = useRef<() => void>(undefined);
  proceed.current = notice?.proceed;
  useEffect(() => () => proceed.current?.(), []);

  if (notice) {
    return (
      <div className="auth-notice" data-notice="ref-ignored">
        <p role="status" className="auth-referral">
          {api('auth_limits.ref_ignored', { code: notice.code })}
        </p>
        <button type="button" className="button" onClick={notice.proceed} autoFocus>
          {api('auth_limits.continue')}
        </button>
      </div>
    );
  }
  return (
    <form ref={form} onSubmit={onSubmit} noValidate aria-busy={busy} data-form="sign-up">
      <p>{auth('sign_up.intro')}</p>
      {ref && <p className="auth-referral">{auth('sign_up.referral', { code: ref })}</p>}
      <FormAlert errors={[...(errors.form ?? []), ...(errors.ref ?? [])]} />
      <FormField name="email" type="email" autoComplete="email" inputMode="email" label={auth('fields.email')} errors={errors.email} required />
      <FormField name="username" autoComplete="username" label={auth('fields.username')} errors={errors.username} required />
      <PasswordField label={auth('fields.password')} showLabel={auth('fields.show_password')} autoComplete="new-password" hint={auth('sign_up.password_hint')} errors={errors.password} />
      <FormField
        name="date_of_birth"
        type="date"
        autoComplete="bday"
        max={new Date().toISOString().slice(0, 10)}
        label={auth('fields.date_of_birth')}
        hint={auth('sign_up.date_of_birth_hint')}
        errors={errors.date_of_birth}
        required
      />
      <TermsCheckbox auth={auth} errors={errors.accept_terms} />
      <button type="submit" className="button" disabled={busy}>
        {busy ? auth('dialog.busy') : auth('sign_up.submit')}
      </button>
      <p className="auth-switch">
        {auth('sign_up.switch_prompt')}{' '}
        <button type="button" className="link-button" onClick={() => openAuthDialog('sign-in')}>
          {auth('sign_up.switch')}
        </button>
      </p>
    </form>
  );
}

/** "I accept the {rules}", with the rules as a link that opens in a new tab, so the form keeps what was typed. */
function TermsCheckbox({ auth, errors = [] }: { auth: Messages['auth']; errors?: string[] }) {
  const rules = localizedPath('/rules', (document.documentElement.lang || 'en') as Locale);
  const [before = '', after = ''] = auth('sign_up.accept_terms', { rules: '\u0000' }).split('\u0000');
  return (
    <div className="field">
      <label className="checkbox">
        <input type="checkbox" name="accept_terms" required aria-invalid={errors.length ? true : undefined} aria-describedby={errors.length ? 'field-accept_terms-error' : undefined} />
        <span>
          {before}
          <a href={rules} target="_blank" rel="noopener">
            {auth('sign_up.rules_link')}
          </a>
          {after}
        </span>
      </label>
      {errors.length > 0 && (
        <p className="field__error" id="field-accept_terms-error">
          {errors.join(' ')}
        </p>
      )}
    </div>
  );
}
