import { apiBase } from './base';

/**
 * A public, unauthenticated GET of the API with plain fetch: public pages use it so that a
 * signed-out visitor never downloads the encrypting API client.
 */
export async function getPublicJson<T>(path: string): Promise<T> {
  const response = await fetch(new URL(path, apiBase()), {
    headers: { Accept: 'application/json', 'Accept-Language': document.documentElement.lang },
  });
  if (!response.ok) throw new Error(`${path} answered ${response.status}`);
  return (await response.json()) as T;
}
