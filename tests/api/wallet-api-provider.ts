import { createHmac, randomBytes } from 'node:crypto';
import { hashToken } from '../../server/src/http/auth.ts';
import { registerProvider, saveProviderGame } from '../../server/src/services/wallet-api/providers.ts';
import { issueWalletToken } from '../../server/src/services/wallet-api/tokens.ts';
import type { TestApi } from './harness.ts';

/**
 * A third-party game provider as the conformance suite plays it: registered through the server's
 * own service, it signs each request with its secret (HMAC-SHA256 of the exact body bytes, base64)
 * and calls the wallet API over the app's HTTP interface like any other client.
 */
export interface SignedOptions {
  /** Sign with this secret instead of the provider's current one. */
  secret?: string;
  /** Send these bytes instead of the JSON of the body (signed as they are). */
  raw?: string;
  headers?: Record<string, string>;
}

export const sign = (secret: string, body: string) => createHmac('sha256', secret).update(body).digest('base64');

/** One wallet call as a provider sends it: these exact bytes, signed with its secret. */
export const signedWalletCall = (
  app: TestApi['app'],
  request: { providerId: string; secret: string; path: string; raw: string; headers?: Record<string, string> },
) =>
  app.request(request.path, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-provider-id': request.providerId,
      'x-signature': sign(request.secret, request.raw),
      ...request.headers,
    },
    body: request.raw,
  });

export async function addProvider(api: TestApi, options: { allowedAddresses?: string[] } = {}) {
  const id = `prov-${randomBytes(4).toString('hex')}`;
  const { secret } = await registerProvider(api.services, {
    id,
    baseUrl: 'http://127.0.0.1:9/',
    allowedAddresses: options.allowedAddresses,
  });
  const game = 'fruit-party';
  await saveProviderGame(api.db, {
    providerId: id,
    gameId: game,
    name: 'Fruit Party',
    minBet: '0.10',
    maxBet: '100.00',
  });
  const provider = {
    id,
    game,
    secret,
    async call(path: string, body: unknown, signed: SignedOptions = {}) {
      const raw = signed.raw ?? JSON.stringify(body);
      const response = await signedWalletCall(api.app, {
        providerId: id,
        secret: signed.secret ?? provider.secret,
        path,
        raw,
        headers: signed.headers,
      });
      const text = await response.text();
      // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the tests assert the shape they read
      return { status: response.status, body: (text ? JSON.parse(text) : undefined) as any, headers: response.headers };
    },
    /** A wallet token for the player's sign-in, as a launch would issue it. */
    async tokenFor(player: { id: number; token: string }, gameId = game) {
      const issued = await issueWalletToken(api.services, {
        userId: player.id,
        providerId: id,
        gameId,
        authTokenHash: hashToken(player.token),
      });
      return issued.token;
    },
  };
  return provider;
}

export type TestProvider = Awaited<ReturnType<typeof addProvider>>;

let sequence = 0;
/** A fresh id for a round or an action. */
export const nextId = (prefix: string) => `${prefix}-${randomBytes(3).toString('hex')}-${(sequence += 1)}`;

export const bet = (amount: number, action_id = nextId('bet')) => ({ action: 'bet', action_id, amount });
export const win = (amount: number, action_id = nextId('win')) => ({ action: 'win', action_id, amount });
