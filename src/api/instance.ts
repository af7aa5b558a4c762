import type { $Fetch } from 'ofetch';
import { openAuthDialog } from '../stores/dialogs';
import { $token, clearSession } from '../stores/session';
import { apiBase } from './base';
import { createApiClient } from './client';
import { loadPublicKey } from './public-key';

let client: $Fetch | undefined;


/** The site's API client, made on first use (never during the static build). */
export function apiClient(): $Fetch {
  client ??= createApiClient({
    baseURL: apiBase(),
    getToken: () => $token.get(),
    getPublicKey: () => loadPublicKey(),
    getLocale: () => document.documentElement.lang || 'en',
    onUnauthorized: () => {
      clearSession();
      openAuthDialog('sign-in');
    },
  });
  return client;
}
