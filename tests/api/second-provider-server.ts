import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A second game provider written for the tests: a real HTTP server (node:http, 127.0.0.1, any free
 * port) with its own catalogue, its own session endpoint whose launch URL it serves itself, and its
 * own round data. It checks the operator's signature on every request (the raw body of a POST, the
 * path of a GET) and signs every answer, as docs/provider-api.md asks. What it does at
 * `sessions/end` (settle the open round through the wallet) is the test's `onSessionsEnd`.
 */
export interface CatalogueGameJson {
  [field: string]: unknown;
}

export interface SecondProvider {
  baseUrl: string;
  /** The id and the shared secret the operator registered the provider under, set once it did. */
  id: string;
  secret: string;
  catalogue: { games: CatalogueGameJson[] };
  /** Milliseconds to wait before answering (a provider that times out). */
  delayMs: number;
  /** Sign answers with this secret instead (a forged answer). */
  answerSecret?: string;
  /** Round data by round id; an absent id answers 404 (the provider does not publish it). */
  rounds: Map<string, unknown>;
  /** Requests the operator made, with their bodies (POST) and whether the signature was right. */
  received: { method: string; path: string; body: unknown; signed: boolean }[];
  /** The session requests, by the launch id the provider handed out. */
  sessions: Map<string, Record<string, unknown>>;
  onSessionsEnd: (playerId: string) => Promise<void>;
  /**
   * The operator's site (its wallet API), for the launch page's "Spin": each spin is one finished
   * round, its bet and win (minor units, `spin`) sent signed in one `/wallet/v1/play` call.
   */
  walletUrl?: string;
  spin: { bet: number; win: number };
  close(): Promise<void>;
}

export const fruitGame = (overrides: CatalogueGameJson = {}): CatalogueGameJson => ({
  id: 'star-fruits',
  name: 'Star Fruits',
  names: { de: 'Sternfrüchte' },
  category: 'slots',
  mechanic: 'slots',
  rtp: '96.50',
  volatility: 'medium',
  min_bet: 20,
  max_bet: 5000,
  image: 'https://cdn.example.test/star-fruits.png',
  demo: true,
  ...overrides,
});

const GAME_IMAGE =
  '<svg xmlns="http://www.w3.org/2000/svg" width="320" height="240"><rect width="320" height="240" fill="#f4b400"/></svg>';

const hmac = (secret: string, message: Buffer | string) => createHmac('sha256', secret).update(message).digest();

async function readBody(request: IncomingMessage): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const part of request) parts.push(part as Buffer);
  return Buffer.concat(parts);
}

export async function startSecondProvider(): Promise<SecondProvider> {
  const provider = {
    baseUrl: '',
    id: '',
    secret: '',
    catalogue: { games: [fruitGame()] },
    delayMs: 0,
    answerSecret: undefined,
    rounds: new Map(),
    received: [],
    sessions: new Map(),
    onSessionsEnd: async () => {},
    spin: { bet: 100, win: 250 },
  } as unknown as SecondProvider;

  let spins = 0;
  /** One spin of a launch: a round that settles at once, through the operator's wallet, signed. */
  const spin = async (launchId: string) => {
    const session = provider.sessions.get(launchId)!;
    spins += 1;
    const round = `${launchId}-${spins}`;
    const raw = JSON.stringify({
      token: session.token,
      game_id: session.game_id,
      round_id: round,
      finished: true,
      actions: [
        { action: 'bet', action_id: `${round}-bet`, amount: provider.spin.bet },
        { action: 'win', action_id: `${round}-win`, amount: provider.spin.win },
      ],
    });
    const answer = await fetch(`${provider.walletUrl}/wallet/v1/play`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-provider-id': provider.id,
        'x-signature': hmac(provider.secret, raw).toString('base64'),
      },
      body: raw,
    });
    return answer.ok ? `Round ${round} played.` : `Refused: ${((await answer.json()) as { error: string }).error}`;
  };

  /** The game page the launch URL opens: the provider's own origin, framed by the site (sandboxed). */
  const gamePage = (launchId: string, outcome = '') =>
    '<!doctype html><title>Star Fruits</title><h1>Star Fruits</h1>' +
    `<form method="post" action="/play/${launchId}/spin"><button>Spin</button></form>` +
    (outcome
      ? `<p role="status">${outcome}</p><script>parent.postMessage({ type: 'balance-changed' }, '*')</script>`
      : '');

  const answer = (response: ServerResponse, status: number, body: unknown) => {
    const raw = JSON.stringify(body);
    response.writeHead(status, {
      'content-type': 'application/json',
      'x-signature': hmac(provider.answerSecret ?? provider.secret, raw).toString('base64'),
    });
    response.end(raw);
  };

  const server = createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://provider.test');
    const raw = await readBody(request);
    const message = request.method === 'GET' ? url.pathname + url.search : raw;
    const given = Buffer.from(String(request.headers['x-signature'] ?? ''), 'base64');
    const expected = hmac(provider.secret, message);
    const signed =
      request.headers['x-provider-id'] !== undefined &&
      given.length === expected.length &&
      timingSafeEqual(given, expected);
    const body = raw.length ? JSON.parse(raw.toString()) : undefined;
    provider.received.push({ method: request.method ?? '', path: url.pathname, body, signed });
    if (provider.delayMs) await new Promise((resolve) => setTimeout(resolve, provider.delayMs));
    const page = /^\/play\/(launch-\d+)(\/spin)?$/.exec(url.pathname);
    if (page) {
      const outcome = page[2] && request.method === 'POST' ? await spin(page[1]!) : '';
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      response.end(gamePage(page[1]!, outcome));
      return;
    }
    // The games' pictures, public like any image a page shows: a 320×240 SVG for any name.
    if (request.method === 'GET' && /^\/images\/[\w-]+\.svg$/.test(url.pathname)) {
      response.writeHead(200, { 'content-type': 'image/svg+xml' });
      response.end(GAME_IMAGE);
      return;
    }
    if (!signed) return answer(response, 401, { error: 'bad_signature' });
    if (request.method === 'GET' && url.pathname === '/v1/games') return answer(response, 200, provider.catalogue);
    if (request.method === 'POST' && url.pathname === '/v1/sessions') {
      const launchId = `launch-${provider.sessions.size + 1}`;
      provider.sessions.set(launchId, body);
      return answer(response, 200, { launch_url: `${provider.baseUrl}/play/${launchId}` });
    }
    if (request.method === 'POST' && url.pathname === '/v1/sessions/end') {
      await provider.onSessionsEnd(String(body.player_id));
      return answer(response, 200, {});
    }
    const round = /^\/v1\/rounds\/([^/]+)$/.exec(url.pathname);
    if (request.method === 'GET' && round) {
      const data = provider.rounds.get(decodeURIComponent(round[1]!));
      return data ? answer(response, 200, data) : answer(response, 404, { error: 'unknown_round' });
    }
    answer(response, 404, { error: 'not_found' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  provider.baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  provider.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return provider;
}
