import { apiBase } from './base';
import { createApiClient, type ApiClient } from './client';
import { loadPublicKey } from './public-key';
import { sessionLink } from './session-link';

let client: ApiClient | undefined;

/** What a 401 on a call made with a token means: the session is over, so sign in again. */
export function sessionRefused() {
  sessionLink().refused();
}

/** The site's API client, made on first use (never during the static build). */
export function apiClient(): ApiClient {
  client ??= createApiClient({
    baseURL: apiBase(),
    getToken: () => sessionLink().token(),
    getPublicKey: () => loadPublicKey(),
    getLocale: () => document.documentElement.lang || 'en',
    onUnauthorized: sessionRefused,
    onTokenExpiry: (token, expiresAt) => sessionLink().renewed(token, expiresAt),
  });
  return client;
}
