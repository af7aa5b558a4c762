import { useEffect, useRef, useState } from 'react';
import { API_PATHS, type MarketInfo, type RegisterResponse } from '../../core/api/contract';
import { getPublicJson } from '../api/get-public';
import { authForm, signUp, type Messages } from '../stores/auth-actions';
import { openAuthDialog, openSignIn } from '../stores/dialogs';
import { localizedPath } from '../../core/i18n/urls';
import type { Locale } from '../../core/i18n/locales.ts';
import { storedReferral } from '../stores/referral-capture';
import { depositLimitAsk, registrationLimit } from '../stores/residence-choice';
import { CountryField } from './CountryField';
import { FormAlert } from './FormAlert';
import { EmailField } from './EmailField';
import { FormField, SubmitButton } from './FormField';
import { NewPasswordField } from './PasswordField';
import { ResendActivation } from './ResendActivation';
import { useFormStore } from './use-form-store';

export function SignUpForm({ messages }: { messages: Messages }) {
  const { auth } = messages;
  const [ref] = useState(storedReferral);
  const [created, setCreated] = useState<RegisterResponse & { ref?: string }>();
  const [market, setMarket] = useState<MarketInfo>();
  // The market is the server's setting (the site is built once for every market); without an answer the
  // select starts from the page's language, and the server still decides.
  useEffect(() => {
    getPublicJson<MarketInfo>(API_PATHS.market).then(setMarket, () => undefined);
  }, []);
  const [store] = useState(() =>
    authForm(
      (values: Parameters<typeof signUp>[0], m) => signUp(values, m, (answer) => setCreated({ ...answer, ref })),
      messages,
    ),
  );
  const { errors, busy, form, onSubmit } = useFormStore(store, (data) => ({
    email: String(data.get('email') ?? ''),
    username: String(data.get('username') ?? ''),
    password: String(data.get('password') ?? ''),
    date_of_birth: String(data.get('date_of_birth') ?? ''),
    accept_terms: data.get('accept_terms') === 'on',
    marketing_consent: data.get('marketing_consent') === 'on',
    country: String(data.get('country') ?? ''),
    deposit_limit: registrationLimit(String(data.get('deposit_limit') ?? '')),
    ref,
  }));

  const limitAsk = depositLimitAsk(market);
  if (created) return <CheckInbox created={created} messages={messages} />;
  return (
    <form ref={form} onSubmit={onSubmit} noValidate aria-busy={busy} data-form="sign-up">
      <p>{auth('sign_up.intro')}</p>
      {ref && <p className="auth-referral">{auth('sign_up.referral', { code: ref })}</p>}
      <FormAlert errors={[...(errors.form ?? []), ...(errors.ref ?? [])]} />
      <EmailField label={auth('fields.email')} errors={errors.email} />
      <FormField
        name="username"
        autoComplete="username"
        label={auth('fields.username')}
        errors={errors.username}
        required
      />
      <NewPasswordField auth={auth} label={auth('fields.password')} errors={errors.password} />
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
      <CountryField
        label={auth('fields.country')}
        placeholder={auth('sign_up.country_choose')}
        errors={errors.country}
        locale={(document.documentElement.lang || 'en') as Locale}
        market={market}
      />
      {limitAsk.shown && (
        <FormField
          name="deposit_limit"
          inputMode="decimal"
          label={`${auth('fields.deposit_limit')} (${market!.currency})`}
          hint={auth('sign_up.deposit_limit_hint')}
          errors={errors.deposit_limit}
          required={limitAsk.required}
        />
      )}
      <TermsCheckbox auth={auth} errors={errors.accept_terms} />
      {/* Unticked by default: consent to offers is asked, never assumed. */}
      <div className="field">
        <label className="checkbox">
          <input type="checkbox" name="marketing_consent" />
          <span>{auth('sign_up.marketing_consent')}</span>
        </label>
      </div>
      <SubmitButton busy={busy} busyLabel={auth('dialog.busy')} label={auth('sign_up.submit')} />
      <p className="auth-switch">
        {auth('sign_up.switch_prompt')}{' '}
        <button type="button" className="link-button" onClick={() => openAuthDialog('sign-in')}>
          {auth('sign_up.switch')}
        </button>
      </p>
    </form>
  );
}

/**
 * After sign-up: the account waits for the mailed link. The same screen for an address that
 * already had an account (its owner got a mail instead), so it tells nobody which one it was.
 * Focus moves to the heading, since the button that had it is gone.
 */
function CheckInbox({ created, messages }: { created: RegisterResponse & { ref?: string }; messages: Messages }) {
  const { auth, api } = messages;
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <div className="auth-notice" data-notice="check-inbox">
      {created.ref_ignored && (
        <p className="auth-referral" data-notice="ref-ignored">
          {api('auth_limits.ref_ignored', { code: created.ref ?? '' })}
        </p>
      )}
      <h3 ref={heading} tabIndex={-1}>
        {auth('activate.inbox')}
      </h3>
      <p data-sent-to>{auth('activate.sent', { email: created.email })}</p>
      <p>{auth('activate.spam_hint')}</p>
      <ResendActivation messages={messages} email={created.email} label={auth('activate.resend_again')} />
      <p className="auth-switch">
        <button type="button" className="link-button" onClick={() => openSignIn(created.email)}>
          {auth('activate.sign_in')}
        </button>
      </p>
    </div>
  );
}

/** "I accept the {rules}", with the rules as a link that opens in a new tab, so the form keeps what was typed. */
function TermsCheckbox({ auth, errors = [] }: { auth: Messages['auth']; errors?: string[] }) {
  const rules = localizedPath('/rules', (document.documentElement.lang || 'en') as Locale);
  const [before = '', after = ''] = auth('sign_up.accept_terms', { rules: '\u0000' }).split('\u0000');
  return (
    <div className="field">
      <label className="checkbox">
        <input
          type="checkbox"
          name="accept_terms"
          required
          aria-invalid={errors.length ? true : undefined}
          aria-describedby={errors.length ? 'field-accept_terms-error' : undefined}
        />
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
