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
  onUnauthorized: () => void;
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
 * The site's one API client, on the platform's fetch. It was ofetch, but ofetch (with its URL and
 * JSON helpers) was most of the 5 KB every signed-in public page loaded before any interaction,
 * and the site used none of its extras: no retries (a repeated payment must be the caller's
 * choice, with an Idempotency-Key), no interceptors beyond the one below.
 */
export function createApiClient(options: ClientOptions): ApiClient {
  const send = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  return async <T>(path: string, { method = 'GET', body, query, headers: extra, as }: RequestOptions = {}) => {
    // Joined as text, so a base with a path (https://api.example/v1) keeps it.
    const url = new URL(options.baseURL.replace(/\/+$/, '') + (path.startsWith('/') ? path : `/${path}`));
    for (const [name, value] of Object.entries(query ?? {})) if (value !== undefined) url.searchParams.set(name, String(value));
    const headers = new Headers({ Accept: 'application/json', 'Accept-Language': options.getLocale(), ...extra });
    const token = options.getToken();
    if (token) headers.set('Authorization', `Token ${token}`);
    let payload: BodyInit | undefined;
    if (body !== undefined) {
      const sent = await encryptBody(body, await options.getPublicKey());
      if (sent instanceof FormData || typeof sent === 'string') payload = sent;
      else {
        headers.set('Content-Type', 'application/json');
        payload = JSON.stringify(sent);
      }
    }
    let response: Response;
    try {
      response = await send(url, { method, headers, body: payload });
    } catch (error) {
      throw new ApiError(0, undefined, error);
    }
    if (response.ok && as === 'blob') return (await response.blob()) as T;
    const data = await readBody(response);
    const expires = response.headers.get('Token-Expires');
    if (token && expires && response.ok) options.onTokenExpiry?.(token, expires);
    if (response.ok) return data as T;
    if (response.status === 401 && token) options.onUnauthorized();
    throw new ApiError(response.status, data);
  };
}

/** JSON when the server says so, else the text; an unreadable body is no body. */
async function readBody(response: Response): Promise<unknown> {
  const text = await response.text().catch(() => '');
  if (!text) return undefined;
  if (!/json/i.test(response.headers.get('content-type') ?? '')) return text;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
