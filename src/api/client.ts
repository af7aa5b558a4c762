import { FetchError, ofetch, type $Fetch } from 'ofetch';
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
  /** For tests: the fetch to use. */
  fetch?: typeof globalThis.fetch;
}

/**
 * The one configured ofetch instance. Hooks run before ofetch serialises the body, so the
 * request hook can swap a JSON body for its `{e_data}` envelope; ofetch's retries re-run hooks
 * with the same options, and `encryptBody` recognises its own envelopes.
 */
export function createApiClient(options: ClientOptions): $Fetch {
  const client = ofetch.create(
    {
      baseURL: options.baseURL,
      retry: 0,
      async onRequest({ options: request }) {
        const headers = new Headers(request.headers);
        const token = options.getToken();
        if (token) headers.set('Authorization', `Token ${token}`);
        headers.set('Accept-Language', options.getLocale());
        request.headers = headers;
        if (request.body !== undefined) request.body = (await encryptBody(request.body, await options.getPublicKey())) as BodyInit;
      },
      onResponseError({ options: request, response }) {
        if (response.status === 401 && new Headers(request.headers).has('Authorization')) options.onUnauthorized();
      },
    },
    options.fetch ? { fetch: options.fetch } : undefined,
  );
  // Every failure reaches the caller as an ApiError carrying the server's messages.
  const wrapped = (async (request: Parameters<$Fetch>[0], init?: Parameters<$Fetch>[1]) => {
    try {
      return await client(request, init);
    } catch (error) {
      if (error instanceof FetchError) throw new ApiError(error.response?.status ?? 0, error.data, error);
      throw new ApiError(0, undefined, error);
    }
  }) as $Fetch;
  return Object.assign(wrapped, { raw: client.raw, native: client.native, create: client.create });
}
