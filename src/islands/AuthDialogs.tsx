import { useStore } from '@nanostores/react';
import { useEffect, useRef } from 'react';
import { $authDialog, closeAuthDialog } from '../stores/dialogs';
import { restoreFocus } from '../scripts/focus-fallback';
import type { Messages } from '../stores/auth-actions';
import { ForgotPasswordForm } from './ForgotPasswordForm';
import { SignInForm } from './SignInForm';
import { SignUpForm } from './SignUpForm';

/**
 * The sign-in and registration dialog: one native <dialog> (modal focus, Esc closes) whose
 * content follows `$authDialog`. Focus returns where it was when it closes.
 */
export function AuthDialogs({ messages }: { messages: Messages }) {
  const which = useStore($authDialog);
  const dialog = useRef<HTMLDialogElement>(null);
  const returnFocus = useRef<HTMLElement | null>(null);
  const { auth } = messages;

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (which && !element.open) {
      returnFocus.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      element.showModal();
    } else if (!which && element.open) {
      element.close();
    }
    if (which) element.querySelector<HTMLInputElement>('input')?.focus();
  }, [which]);

  const onClose = () => {
    closeAuthDialog();
    // Leave no #sign-in in the URL, so the same link opens the dialog again.
    if (['#sign-in', '#sign-up', '#forgot-password'].includes(location.hash))
      history.replaceState(history.state, '', location.pathname + location.search);
    // Signing in hides the header's sign-in link that opened the dialog: the account control
    // that replaced it takes focus instead (or the main heading).
    restoreFocus(returnFocus.current, document.querySelector<HTMLElement>('.site-header [data-account-control]'));
  };

  const title =
    which === 'sign-up'
      ? auth('sign_up.title')
      : which === 'forgot-password'
        ? auth('forgot.title')
        : auth('sign_in.title');
  return (
    <dialog
      ref={dialog}
      className="dialog auth-dialog"
      aria-labelledby="auth-dialog-title"
      onClose={onClose}
      data-dialog={which ?? ''}
    >
      <div className="dialog__header">
        <h2 id="auth-dialog-title">{title}</h2>
        <button
          type="button"
          className="dialog__close"
          aria-label={auth('dialog.close')}
          onClick={() => dialog.current?.close()}
        >
          ×
        </button>
      </div>
      {which === 'sign-up' ? (
        <SignUpForm messages={messages} />
      ) : which === 'sign-in' ? (
        <SignInForm messages={messages} />
      ) : which === 'forgot-password' ? (
        <ForgotPasswordForm messages={messages} />
      ) : null}
    </dialog>
  );
}
