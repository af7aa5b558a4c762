import { FetchError, ofetch } from 'ofetch';
import { encryptBody } from './encrypt-body';
import { ApiError } from './errors';

export interface ClientOptions {
  baseURL: string;
  /** The current token, read on every request. */
  getToken: () => string | null;
  getPublicKey: () => Promise<CryptoKey | undefined>;
  /** The page language, sent as Accept-Language so the API answers in it. */
  getLocale: () => string;
  /** Called when an authenticated call answers 401. */
  /** `reason`: the server's translated `detail` (e.g. the market's inactivity time-out), when it gave one. */
  onUnauthorized: (reason?: string) => void;
  /** Called with the token and its new expiry when an answer carries `Token-Expires`. */
  onTokenExpiry?: (token: string, expiresAt: string) => void;
  /** For tests: the fetch to use. */
  fetch?: typeof globalThis.fetch;
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  /** A plain object goes out encrypted as `{e_data}`; FormData and strings go out as they are. */
  body?: unknown;
  /** Added to the URL; undefined values are left out. */
  query?: Record<string, string | number | boolean | undefined>;
  headers?: Record<string, string>;
  /** 'blob': a successful answer as a Blob (a file to save), not parsed. */
  as?: 'blob';
}

/** Calls one API path and resolves with its parsed JSON (undefined for an empty answer). */
export type ApiClient = <T = unknown>(path: string, options?: RequestOptions) => Promise<T>;

/**
 * The site's one API client: an `ofetch` instance, as the design card names it. Its hooks add the
 * token and the page language (`onRequest`), encrypt a plain-object body as `{e_data}` (also in
 * `onRequest`, which runs before ofetch serialises the body), renew the token cookie from
 * `Token-Expires` (`onResponse`) and end the session on a 401 (`onResponseError`). Retries are off:
 * a retry re-runs the hooks, and a repeated payment must be the caller's choice, with an
 * Idempotency-Key. ofetch's errors become the site's one `ApiError`.
 */
export function createApiClient(options: ClientOptions): ApiClient {
  const api = ofetch.create(
    {
      // Joined as text by ofetch (ufo's joinURL), so a base with a path (https://api.example/v1) keeps it.
      baseURL: options.baseURL,
      retry: 0,
      async onRequest({ options: request }) {
        request.headers.set('Accept', 'application/json');
        request.headers.set('Accept-Language', options.getLocale());
        // A caller's own Authorization (sign-out sends the token the session just forgot) stays.
        const token = options.getToken();
        if (token) request.headers.set('Authorization', `Token ${token}`);
        if (request.body !== undefined)
          request.body = (await encryptBody(request.body, await options.getPublicKey())) as
            BodyInit | Record<string, unknown>;
      },
      onResponse({ options: request, response }) {
        const token = sessionToken(request.headers);
        const expires = response.headers.get('Token-Expires');
        if (token && expires && response.ok) options.onTokenExpiry?.(token, expires);
      },
      onResponseError({ options: request, response }) {
        if (response.status !== 401 || !sessionToken(request.headers)) return;
        const detail = (response as { _data?: { detail?: unknown } })._data?.detail;
        options.onUnauthorized(typeof detail === 'string' ? detail : undefined);
      },
    },
    options.fetch ? { fetch: options.fetch } : undefined,
  );
  /** The session's token, when the request went out with it (not with a caller's own token). */
  const sessionToken = (headers: Headers) => {
    const token = options.getToken();
    return token && headers.get('Authorization') === `Token ${token}` ? token : undefined;
  };
  return async <T>(path: string, { method = 'GET', body, query, headers, as }: RequestOptions = {}) => {
    try {
      return (await api(path.startsWith('/') ? path : `/${path}`, {
        method,
        body: body as BodyInit | Record<string, unknown> | undefined,
        query: query && Object.fromEntries(Object.entries(query).filter(([, value]) => value !== undefined)),
        headers,
        // JSON when the server says so, else the text; an empty answer is undefined.
        ...(as === 'blob' ? { responseType: 'blob' as const } : { parseResponse: parseBody }),
      })) as T;
    } catch (error) {
      if (error instanceof FetchError) throw new ApiError(error.response?.status ?? 0, error.data, error);
      throw new ApiError(0, undefined, error);
    }
  };
}

/** JSON when it parses, else the text; an empty body is no body. */
function parseBody(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
