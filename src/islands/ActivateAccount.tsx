import { useStore } from '@nanostores/react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { activateAccount } from '../stores/auth-actions';
import { openSignIn, registeredEmail, takeReturnPath } from '../stores/dialogs';
import { createTranslator } from '../i18n/translator';
import { localizedPath } from '../../core/i18n/urls';
import { $token } from '../stores/session';
import { FormAlert } from './FormAlert';
import { useAuthMessages, useMailedLink } from './mailed-link';
import type { IslandProps } from './profile/messages';
import { ResendActivation } from './ResendActivation';

type State = { step: 'reading' } | { step: 'activating' } | { step: 'done' } | { step: 'broken'; errors: string[] };

/**
 * The page the activation mail links to: activates the account with the fragment's uid and
 * token (cleared from the address bar at once), then offers to sign in, with the address filled
 * in when this browser registered it. A used, expired or cut link says so and offers a new one.
 */
export function ActivateAccount({ locale, messages }: IslandProps) {
  const translators = useAuthMessages({ locale, messages });
  const { auth } = translators;
  const [state, setState] = useState<State>({ step: 'reading' });
  const signedIn = !!useStore($token);
  const notice = useRef<HTMLDivElement>(null);
  const account = useMemo(() => createTranslator(messages.account ?? {}, locale, 'account'), [locale, messages]);
  // Where the player registered from (a game): read once, when the account is active and signed in.
  const [back, setBack] = useState('');

  useMailedLink((link) => {
    if (!link) return setState({ step: 'broken', errors: [] });
    setState({ step: 'activating' });
    void activateAccount(link, translators).then((errors) =>
      setState(
        errors
          ? { step: 'broken', errors: [...(errors.uid ?? []), ...(errors.token ?? []), ...(errors.form ?? [])] }
          : { step: 'done' },
      ),
    );
  });
  useEffect(() => {
    if (state.step === 'done') setBack(takeReturnPath());
  }, [state.step]);
  // Activated and signed in (the dialog this page opens): back to the game they registered from.
  useEffect(() => {
    if (state.step === 'done' && signedIn && back) location.assign(back);
  }, [state.step, signedIn, back]);
  // The result replaces the busy text: focus goes to it, so it is read out and Tab starts there.
  useEffect(() => {
    if (state.step === 'done' || state.step === 'broken') notice.current?.focus();
  }, [state.step]);

  if (state.step === 'reading' || state.step === 'activating') {
    return (
      <p aria-busy="true" role="status">
        {auth('activate.busy')}
      </p>
    );
  }
  const signIn = (
    <button type="button" className="button" onClick={() => openSignIn(registeredEmail())}>
      {auth('activate.sign_in')}
    </button>
  );
  if (state.step === 'done') {
    return (
      <div className="auth-notice" data-notice="activated" ref={notice} tabIndex={-1}>
        <p role="status">{auth('activate.done')}</p>
        {!signedIn && signIn}
        {back && (
          <p>
            <a href={back}>{account('activate.back')}</a>
          </p>
        )}
      </div>
    );
  }
  // Signed in, the account is active (sign-in needs it): a revisited or used link says so.
  if (signedIn) {
    return (
      <div className="auth-notice" data-notice="already-active" ref={notice} tabIndex={-1}>
        <p role="status">{account('activate.already')}</p>
        <a className="button" href={localizedPath('/', locale)}>
          {account('close.home')}
        </a>
      </div>
    );
  }
  return (
    <div className="auth-notice" data-notice="broken-link" ref={notice} tabIndex={-1}>
      <FormAlert errors={[...state.errors, auth('activate.broken_link')]} />
      <p>{signIn}</p>
      <ResendActivation messages={translators} label={auth('activate.resend')} />
    </div>
  );
}
