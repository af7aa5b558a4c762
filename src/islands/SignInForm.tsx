import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { authForm, signIn, type Messages } from '../stores/auth-actions';
import { $sessionEnded, $signInEmail, closeAuthDialog, openAuthDialog } from '../stores/dialogs';
import { FormAlert } from './FormAlert';
import { EmailField } from './EmailField';
import { FormField, SubmitButton } from './FormField';
import { PasswordField } from './PasswordField';
import { ResendActivation } from './ResendActivation';
import { useFormStore } from './use-form-store';

export function SignInForm({ messages }: { messages: Messages }) {
  const { auth, api } = messages;
  const ended = useStore($sessionEnded);
  // Shown from the moment the server asks for a code (two-factor sign-in) until the dialog closes.
  const [askCode, setAskCode] = useState(false);
  // The server's first "enter the code" is a prompt, not a mistake: shown as the field's hint,
  // without red, until the player has sent the form with the field.
  const [codePrompt, setCodePrompt] = useState(false);
  const prefilled = useStore($signInEmail);
  // The address of the last try, for a new activation link when the account waits for one.
  const [tried, setTried] = useState('');
  const [store] = useState(() => authForm(signIn, messages));
  const { errors, state, busy, form, onSubmit } = useFormStore(store, (data) => {
    const email = String(data.get('email') ?? '');
    setTried(email.trim());
    return {
      email,
      password: String(data.get('password') ?? ''),
      ...(askCode ? { code: String(data.get('code') ?? '') } : {}),
    };
  });
  useEffect(() => {
    if (state === 'done') closeAuthDialog();
  }, [state]);
  useEffect(() => {
    if (!errors.code) return setCodePrompt(false);
    setCodePrompt(!askCode && errors.code.join(' ') === api('two_factor.code_required'));
    setAskCode(true);
    // Runs on new errors only: askCode is read as it was when they came; only its change to true matters here.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- on purpose, as said above
  }, [errors]);
  useEffect(() => {
    if (codePrompt) form.current?.querySelector<HTMLInputElement>('input[name="code"]')?.focus();
  }, [codePrompt, form]);
  // The notice is about the sign-in that brought the dialog up; it goes when the dialog does.
  useEffect(
    () => () => {
      $sessionEnded.set(false);
      $signInEmail.set('');
    },
    [],
  );
  return (
    <form ref={form} onSubmit={onSubmit} noValidate aria-busy={busy} data-form="sign-in">
      {ended ? (
        <p className="notice notice--info" role="status" data-session-ended>
          {typeof ended === 'string' ? ended : api('errors.invalid_token')}
        </p>
      ) : (
        <p>{auth('sign_in.intro')}</p>
      )}
      <FormAlert errors={[...(errors.form ?? []), ...(errors.inactive_account ?? [])]} />
      {errors.inactive_account && tried && (
        <ResendActivation messages={messages} email={tried} label={auth('activate.resend')} />
      )}
      <EmailField label={auth('fields.email')} errors={errors.email} defaultValue={prefilled} />
      <PasswordField
        label={auth('fields.password')}
        showLabel={auth('fields.show_password')}
        autoComplete="current-password"
        errors={errors.password}
      />
      {(askCode || errors.code) && (
        <FormField
          name="code"
          autoComplete="one-time-code"
          label={auth('fields.code')}
          hint={
            codePrompt ? `${api('two_factor.code_required')} ${auth('fields.code_hint')}` : auth('fields.code_hint')
          }
          errors={codePrompt ? undefined : errors.code}
          required
        />
      )}
      <p className="auth-forgot">
        <button type="button" className="link-button" onClick={() => openAuthDialog('forgot-password')}>
          {auth('sign_in.forgot')}
        </button>
      </p>
      <SubmitButton busy={busy} busyLabel={auth('dialog.busy')} label={auth('sign_in.submit')} />
      <p className="auth-switch">
        {auth('sign_in.switch_prompt')}{' '}
        <button type="button" className="link-button" onClick={() => openAuthDialog('sign-up')}>
          {auth('sign_in.switch')}
        </button>
      </p>
    </form>
  );
}
