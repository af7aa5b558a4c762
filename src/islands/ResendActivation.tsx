import { useState, type ReactNode } from 'react';
import { requestActivationLink, type Messages } from '../stores/auth-actions';
import type { FormErrors } from '../stores/form-errors';
import { FormAlert } from './FormAlert';
import { EmailField } from './EmailField';

/**
 * Asks for a new activation link: for a known address (after sign-up, or a sign-in the server
 * refused because the account is not activated yet) one button, which may sit inside another
 * form's dialog; otherwise a small form with an email field. The confirmation reads the same for
 * every address, as the server's answer does.
 */
export function ResendActivation({ messages, email, label }: { messages: Messages; email?: string; label: string }) {
  const { auth } = messages;
  const [sent, setSent] = useState(false);
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<FormErrors>({});

  async function send(address: string) {
    if (busy) return;
    setBusy(true);
    const result = await requestActivationLink({ email: address }, messages);
    setBusy(false);
    setErrors(result ?? {});
    setSent(!result);
  }

  const status = (
    <p
      role="status"
      className={sent ? 'notice notice--info' : undefined}
      data-notice={sent ? 'activation-resent' : undefined}
    >
      {sent ? auth('activate.resent') : ''}
    </p>
  );
  const button = (type: 'button' | 'submit', onClick?: () => void): ReactNode => (
    <button type={type} className="button button--ghost" disabled={busy} onClick={onClick}>
      {busy ? auth('dialog.busy') : label}
    </button>
  );
  if (email !== undefined) {
    return (
      <div className="auth-resend" data-form="resend-activation">
        <FormAlert errors={[...(errors.form ?? []), ...(errors.email ?? [])]} />
        {status}
        {button('button', () => void send(email))}
      </div>
    );
  }
  return (
    <form
      className="auth-resend"
      data-form="resend-activation"
      noValidate
      aria-busy={busy}
      onSubmit={(event) => {
        event.preventDefault();
        void send(String(new FormData(event.currentTarget).get('email') ?? ''));
      }}
    >
      <FormAlert errors={errors.form} />
      <EmailField label={auth('fields.email')} errors={errors.email} />
      {status}
      {button('submit')}
    </form>
  );
}
