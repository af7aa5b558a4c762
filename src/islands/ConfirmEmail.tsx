import { useEffect, useMemo, useRef, useState } from 'react';
import { confirmEmail } from '../api/account';
import { ApiError } from '../api/errors';
import { createTranslator } from '../i18n/translator';
import { localizedPath } from '../../core/i18n/urls';
import { setUser, $user } from '../stores/session';
import { FormAlert } from './FormAlert';
import { useMailedLink } from './mailed-link';
import type { IslandProps } from './profile/messages';

type State = { step: 'working' } | { step: 'done'; email: string } | { step: 'broken'; errors: string[] };

/**
 * The page the email-change mail links to: confirms the new address with the fragment's uid and
 * token (cleared from the address bar at once). Works signed in or not: the link proves the new
 * mailbox, the password was asked when the change was requested.
 */
export function ConfirmEmail({ locale, messages }: IslandProps) {
  const a = useMemo(() => createTranslator(messages.account ?? {}, locale, 'account'), [locale, messages]);
  const [state, setState] = useState<State>({ step: 'working' });
  const notice = useRef<HTMLDivElement>(null);

  useMailedLink((link) => {
    if (!link) return setState({ step: 'broken', errors: [] });
    confirmEmail(link).then(
      ({ email }) => {
        // The header and profile show the new address at once when this browser is signed in.
        const user = $user.get();
        if (user) setUser({ ...user, email });
        setState({ step: 'done', email });
      },
      (error: unknown) => {
        const errors =
          error instanceof ApiError
            ? [...(error.fields.uid ?? []), ...(error.fields.token ?? []), ...(error.detail ? [error.detail] : [])]
            : [];
        setState({ step: 'broken', errors });
      },
    );
  });
  useEffect(() => {
    if (state.step !== 'working') notice.current?.focus();
  }, [state.step]);

  if (state.step === 'working') {
    return (
      <p aria-busy="true" role="status">
        {a('confirm.busy')}
      </p>
    );
  }
  const security = (
    <a className="button" href={localizedPath('/profile/security', locale)}>
      {a('confirm.to_security')}
    </a>
  );
  if (state.step === 'done') {
    return (
      <div className="auth-notice" data-notice="email-confirmed" ref={notice} tabIndex={-1}>
        <p role="status">{a('confirm.done', { email: state.email })}</p>
        {security}
      </div>
    );
  }
  return (
    <div className="auth-notice" data-notice="broken-link" ref={notice} tabIndex={-1}>
      <FormAlert errors={[...state.errors, a('confirm.broken')]} />
      <p>{security}</p>
    </div>
  );
}
