import { useEffect, useMemo, useRef } from 'react';
import { createTranslator } from '../i18n/translator';
import type { Messages } from '../stores/auth-actions';
import type { IslandProps } from './profile/messages';

/** uid and token from `#uid=…&token=…` of a mailed link: the fragment never reaches a server, so neither do they. */
export function linkParams(): { uid: string; token: string } | undefined {
  const params = new URLSearchParams(location.hash.slice(1));
  const [uid, token] = [params.get('uid'), params.get('token')];
  return uid && token ? { uid, token } : undefined;
}

/** Takes the token out of the address bar, the history and any shared screenshot, once read. */
export function clearFragment() {
  if (location.hash) history.replaceState(history.state, '', location.pathname + location.search);
}

/**
 * Reads the mailed link once, in the browser, clears it from the address bar and hands it to
 * `use` (undefined when the fragment lacks it): the link works once, and the fragment is gone
 * after the first read.
 */
export function useMailedLink(use: (link: { uid: string; token: string } | undefined) => void) {
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const link = linkParams();
    clearFragment();
    use(link);
    // Once per page: `use` is read as it was on the first render.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- on purpose, as said above
  }, []);
}

/** The `auth` and `api` translators of a page island (the reset and activation pages). */
export function useAuthMessages({ locale, messages }: IslandProps): Messages {
  return useMemo(
    () => ({
      auth: createTranslator(messages.auth ?? {}, locale, 'auth'),
      api: createTranslator(messages.api ?? {}, locale, 'api'),
    }),
    [locale, messages],
  );
}
