import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Services } from '../../app-env.ts';
import { providerKeys } from '../wallet-api/providers.ts';

/** The largest answer the operator reads from a provider (a catalogue of a few thousand games fits). */
export const PROVIDER_ANSWER_MAX_BYTES = 2 * 1024 * 1024;

/** What a call to a provider needs: the database, the clock, the timeout and the secret box's keys. */
export type ProviderServices = Pick<Services, 'db' | 'clock' | 'config' | 'privateKeys'>;

export type ProviderFailure =
  'unknown_provider' | 'timeout' | 'unreachable' | 'redirect' | 'status' | 'too_large' | 'bad_signature' | 'bad_answer';

/** A call to a provider that did not give a usable, signed answer; `code` is what `provider_calls` records. */
export class ProviderCallFailed extends Error {
  readonly code: ProviderFailure;
  constructor(code: ProviderFailure, message: string) {
    super(message);
    this.code = code;
    this.name = 'ProviderCallFailed';
  }
}

const hmac = (secret: string, message: Uint8Array | string) => createHmac('sha256', secret).update(message).digest();

/**
 * What the operator signs: the raw body of a POST, and for a GET (no body) the request's path with
 * its query, so a signed GET cannot be replayed against another path.
 */
const signedMessage = (method: 'GET' | 'POST', url: URL, body: string) =>
  method === 'GET' ? url.pathname + url.search : body;

async function readCapped(response: Response): Promise<Uint8Array> {
  const declared = Number(response.headers.get('content-length'));
  if (declared > PROVIDER_ANSWER_MAX_BYTES) throw new ProviderCallFailed('too_large', 'The answer is too large.');
  const parts: Uint8Array[] = [];
  let size = 0;
  if (response.body) {
    for await (const part of response.body) {
      size += part.byteLength;
      if (size > PROVIDER_ANSWER_MAX_BYTES) throw new ProviderCallFailed('too_large', 'The answer is too large.');
      parts.push(part);
    }
  }
  return Buffer.concat(parts);
}

/** A fetch or body read that threw: the timeout's abort, or a network failure. */
function networkFailure(error: unknown) {
  const name = (error as Error).name;
  if (name === 'TimeoutError' || name === 'AbortError')
    return new ProviderCallFailed('timeout', 'The provider did not answer in time.');
  return new ProviderCallFailed('unreachable', 'The provider is unreachable.');
}

async function recordCall(services: ProviderServices, providerId: string, call: string, failure: string | undefined) {
  await services.db.query(
    'INSERT INTO provider_calls (provider_id, call, ok, failure, called_at) VALUES ($1, $2, $3, $4, $5)',
    [providerId, call, failure === undefined, failure ?? null, services.clock().toISOString()],
  );
}

export interface ProviderRequest {
  method: 'GET' | 'POST';
  /** The path under the provider's base URL, such as `v1/games` (no leading slash). */
  path: string;
  body?: unknown;
  /** A short name for `provider_calls` (`games`, `sessions`, `sessions/end`, `rounds`). */
  call: string;
  /** 404 is an answer, not a failure (a round the provider does not know or publish). */
  notFoundIsAnswer?: boolean;
}

/**
 * One signed call from the operator to a provider (docs/provider-api.md, "The provider API that the
 * operator calls"): `X-Provider-Id` and `X-Signature` as the provider signs its wallet calls, with a
 * timeout, a size limit, no redirect followed, and the answer's own `X-Signature` checked against the
 * provider's active secrets. Base URLs may be loopback or private: an admin entered them. Neither
 * the body (it may hold a wallet token) nor the answer is logged; the outcome is recorded.
 * Answers the parsed JSON, or undefined for a 404 when `notFoundIsAnswer`.
 */
export async function callProvider(
  services: ProviderServices,
  providerId: string,
  request: ProviderRequest,
): Promise<unknown> {
  const [row] = await services.db.query<{ base_url: string }>('SELECT base_url FROM game_providers WHERE id = $1', [
    providerId,
  ]);
  const keys = row && (await providerKeys(services, providerId));
  if (!row || !keys?.secrets.length)
    throw new ProviderCallFailed('unknown_provider', `No game provider ${providerId}.`);
  const base = row.base_url.endsWith('/') ? row.base_url : `${row.base_url}/`;
  const url = new URL(request.path, base);
  const body = request.method === 'POST' ? JSON.stringify(request.body ?? {}) : '';
  try {
    const answer = await send(url, request, body, {
      providerId,
      secrets: keys.secrets,
      timeoutMs: services.config.games.providerCallTimeoutMs,
    });
    await recordCall(services, providerId, request.call, undefined);
    return answer;
  } catch (error) {
    const failed =
      error instanceof ProviderCallFailed
        ? error
        : new ProviderCallFailed('unreachable', 'The provider is unreachable.');
    await recordCall(services, providerId, request.call, failed.code);
    throw failed;
  }
}

async function send(
  url: URL,
  request: ProviderRequest,
  body: string,
  { providerId, secrets, timeoutMs }: { providerId: string; secrets: string[]; timeoutMs: number },
): Promise<unknown> {
  let response: Response;
  try {
    response = await fetch(url, {
      method: request.method,
      redirect: 'manual',
      signal: AbortSignal.timeout(timeoutMs),
      headers: {
        accept: 'application/json',
        ...(request.method === 'POST' ? { 'content-type': 'application/json' } : {}),
        'x-provider-id': providerId,
        'x-signature': hmac(secrets[0]!, signedMessage(request.method, url, body)).toString('base64'),
      },
      body: request.method === 'POST' ? body : undefined,
    });
  } catch (error) {
    throw networkFailure(error);
  }
  if (response.status >= 300 && response.status < 400)
    throw new ProviderCallFailed('redirect', 'The provider answered with a redirect, which is not followed.');
  if (response.status === 404 && request.notFoundIsAnswer) {
    await response.body?.cancel();
    return undefined;
  }
  if (!response.ok) {
    await response.body?.cancel();
    throw new ProviderCallFailed('status', `The provider answered HTTP ${response.status}.`);
  }
  const raw = await readCapped(response).catch((error: unknown) => {
    throw error instanceof ProviderCallFailed ? error : networkFailure(error);
  });
  const given = Buffer.from(response.headers.get('x-signature') ?? '', 'base64');
  // Every secret is checked, so the time taken does not tell which one matched.
  let matched = false;
  for (const secret of secrets) {
    const expected = hmac(secret, raw);
    if (given.length === expected.length && timingSafeEqual(expected, given)) matched = true;
  }
  if (!matched) throw new ProviderCallFailed('bad_signature', 'The answer is not signed with the provider secret.');
  try {
    return JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(raw));
  } catch {
    throw new ProviderCallFailed('bad_answer', 'The answer is not JSON.');
  }
}
