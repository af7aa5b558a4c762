import { apiBase } from './base';
import { createApiClient, type ApiClient } from './client';
import { loadPublicKey } from './public-key';
import { $token, renewTokenCookie, sessionRefused } from './token';

export { sessionRefused };

let client: ApiClient | undefined;

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

/** A call that POSTs `body` (JSON, encrypted by the client) to `path` and answers `Res`: most of the API's writes. */
export const postTo =
  <Req, Res = void>(path: string) =>
  (body: Req, client: ApiClient = apiClient()): Promise<Res> =>
    client<Res>(path, { method: 'POST', body });
