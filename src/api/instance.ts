import { $sessionEnded, openAuthDialog } from '../stores/dialogs';
import { $token, clearSession, renewTokenCookie } from '../stores/session';
import { apiBase } from './base';
import { createApiClient, type ApiClient } from './client';
import { loadPublicKey } from './public-key';

let client: ApiClient | undefined;

/** What a 401 on a call made with a token means: the session is over, so sign in again. */
export function sessionRefused() {
  clearSession();
  $sessionEnded.set(true);
  openAuthDialog('sign-in');
}

/** The site's API client, made on first use (never during the static build). */
export function apiClient(): ApiClient {
  client ??= createApiClient({
    baseURL: apiBase(),
    getToken: () => $token.get(),
    getPublicKey: () => loadPublicKey(),
    getLocale: () => document.documentElement.lang || 'en',
    onUnauthorized: sessionRefused,
    onTokenExpiry: renewTokenCookie,
  });
  return client;
}
