import { $sessionEnded, openAuthDialog } from '../stores/dialogs';
import { $token, clearSession } from '../stores/session';
import { apiBase } from './base';
import { createApiClient, type ApiClient } from './client';
import { loadPublicKey } from './public-key';

let client: ApiClient | undefined;

/** The site's API client, made on first use (never during the static build). */
export function apiClient(): ApiClient {
  client ??= createApiClient({
    baseURL: apiBase(),
    getToken: () => $token.get(),
    getPublicKey: () => loadPublicKey(),
    getLocale: () => document.documentElement.lang || 'en',
    onUnauthorized: () => {
      clearSession();
      $sessionEnded.set(true);
      openAuthDialog('sign-in');
    },
  });
  return client;
}
