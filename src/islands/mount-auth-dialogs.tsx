import { createRoot } from 'react-dom/client';
import { loadTranslator } from '../i18n/client-messages';
import type { Locale } from '../../core/i18n/locales.ts';
import { AuthDialogs } from './AuthDialogs';

/** Loads React, the dialogs and this locale's messages, and mounts them once. */
export async function mountAuthDialogs() {
  const locale = (document.documentElement.lang || 'en') as Locale;
  const [auth, api] = await Promise.all([loadTranslator(locale, 'auth'), loadTranslator(locale, 'api')]);
  const container = document.createElement('div');
  container.setAttribute('data-auth-dialogs', '');
  document.body.append(container);
  createRoot(container).render(<AuthDialogs messages={{ auth, api }} />);
}
