import type { $Fetch } from 'ofetch';
import { $sessionEnded, openAuthDialog } from '../stores/dialogs';
import { $token, clearSession } from '../stores/session';
import { apiBase } from './base';
import { createApiClient } from './client';
import { loadPublicKey } from './public-key';

let client: $Fetch | undefined;

/** What a 401 on a call made with a token means: the session is over, so sign in again. */
export function sessionRefused() {
  clearSession();
  $sessionEnded.set(true);
  openAuthDialog('sign-in');
}

/** The site's API client, made on first use (never during the static build). */
export function apiClient(): $Fetch {
  client ??= createApiClient({
    baseURL: apiBase(),
    getToken: () => $token.get(),
    getPublicKey: () => loadPublicKey(),
    getLocale: () => document.documentElement.lang || 'en',
    onUnauthorized: sessionRefused,
  });
  return client;
}
