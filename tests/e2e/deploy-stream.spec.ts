// The live stream through a deployment (`npm run test:deploy:servers` runs these through Caddy and
// nginx): a proxy that buffers would hold the stream's first line and its events until a block
// fills, so each is awaited within a short bound, read as EventSource reads it
// (tests/sse-client.ts). E2E_API_NODES (comma-separated origins, set by that script) names the API
// nodes behind the proxy: a round is played on each node directly, so with two nodes one of them
// reaches the proxied stream from the other node (PostgreSQL LISTEN/NOTIFY).
import { expect, test, type APIRequestContext } from '@playwright/test';
import { openSse, type SseClient, type SseMessage } from '../sse-client';
import { ALLOW_WRITES, PLAYER, REMOTE, apiBase } from './deploy-target';
import { apiToken, depositThroughPaymentPage, newPlayer, registerPlayer } from './helpers';
import { RULES } from './readme-rules';

/** How long an event may take through the proxy: a buffering proxy holds it far longer (or for ever). */
const PROMPT_MS = 2000;

/** The API nodes to play rounds on: those behind the proxy when named, else the deployment itself. */
const nodesOf = (api: string) =>
  process.env.E2E_API_NODES?.split(',').map((origin) => origin.trim().replace(/\/+$/, '')) ?? [api];

/**
 * A token of the player who plays: E2E_PLAYER_* on a deployment; on our own server a new player
 * with a deposit, never the shared demo player (other specs read its balance).
 */
async function playerToken(request: APIRequestContext, api: string): Promise<string> {
  if (REMOTE) {
    const response = await request.post(`${api}/auth/token/login/`, { data: PLAYER });
    expect(response.status(), `POST ${api}/auth/token/login/`).toBe(200);
    return ((await response.json()) as { auth_token: string }).auth_token;
  }
  const player = newPlayer('stream');
  await registerPlayer(request, player);
  const token = await apiToken(request, player);
  await depositThroughPaymentPage(request, token, '10.00');
  return token;
}

/** One real-money dice round of 0.10 on `node`: its round id and the balance after it. */
async function playRound(request: APIRequestContext, node: string, token: string) {
  const launched = await request.post(`${node}/gmnggate/api`, {
    headers: { authorization: `Token ${token}` },
    data: { method: 'game_launch', game_id: 'dice', mode: 'real' },
  });
  expect(launched.status(), `game_launch on ${node}`).toBe(200);
  const sessionId = (await launched.json()).session_id as string;
  const round = await request.post(`${node}/demo-games/api/sessions/${sessionId}/rounds`, {
    // Over 50.49 pays exactly 2×, a bet that takes any stake.
    data: { bet: { type: 'dice', amount: '0.10', target: '50.49', direction: 'over' } },
  });
  expect(round.status(), `a round on ${node}`).toBe(200);
  const answer = (await round.json()) as { round: { round_id: string }; balance: string };
  return { roundId: answer.round.round_id, balance: answer.balance };
}

const betOf = (roundId: string) => (message: SseMessage) => message.event === 'bet' && message.data.round === roundId;

/** Opens `path` through the deployment; its first line must come at once, not when a buffer fills. */
async function openPromptly(url: string, headers: Record<string, string> = {}): Promise<SseClient> {
  const stream = await openSse(url, headers);
  expect(stream.status, `GET ${url}`).toBe(200);
  expect(stream.headers.get('content-type'), RULES.liveStream).toMatch(/^text\/event-stream/);
  // Compressed, the events would wait for a block to fill.
  expect(stream.headers.get('content-encoding'), RULES.liveStream).toBeNull();
  expect(await stream.opened(PROMPT_MS).catch(() => undefined), `${RULES.liveStream} (the retry: line)`).toBe(3000);
  return stream;
}

test.describe('the live stream through a deployment', { tag: '@deploy' }, () => {
  const streams: SseClient[] = [];
  test.afterEach(() => {
    for (const stream of streams.splice(0)) stream.close();
  });

  test('the public stream opens at once, carries every node’s rounds within 2 s, resumes with Last-Event-ID', async ({
    request,
    baseURL,
  }) => {
    test.skip(!PLAYER || !ALLOW_WRITES, 'plays rounds: set E2E_PLAYER_* and E2E_ALLOW_WRITES=1');
    const api = apiBase(baseURL!);
    const stream = await openPromptly(`${api}/api/stream`);
    streams.push(stream);
    const token = await playerToken(request, api);

    let lastSeen: string | undefined;
    const played: string[] = [];
    for (const node of nodesOf(api)) {
      const { roundId } = await playRound(request, node, token);
      played.push(roundId);
      const started = Date.now();
      const bet = await stream.next(betOf(roundId), PROMPT_MS).catch(() => undefined);
      expect(
        bet,
        `${RULES.liveStream}: the bet of round ${roundId} (played on ${node}) within ${PROMPT_MS} ms`,
      ).toBeTruthy();
      expect(Date.now() - started).toBeLessThan(PROMPT_MS);
      // A public stream never names whose round it is, nor the account.
      expect(bet!.data.mine).toBe(false);
      expect(bet!.data).not.toHaveProperty('player_id');
      lastSeen ??= bet!.id;
    }

    // The browser's reconnection: the events after the last one it saw come first, none lost.
    stream.close();
    const resumed = await openPromptly(`${api}/api/stream`, { 'last-event-id': String(BigInt(lastSeen!) - 1n) });
    streams.push(resumed);
    for (const roundId of played)
      expect(
        await resumed.next(betOf(roundId), PROMPT_MS).catch(() => undefined),
        `${RULES.liveStream}: round ${roundId} again after Last-Event-ID`,
      ).toBeTruthy();
  });

  test("a stream with a ticket carries the player's balance within 2 s of a round on every node", async ({
    request,
    baseURL,
  }) => {
    test.skip(!PLAYER || !ALLOW_WRITES, 'plays rounds: set E2E_PLAYER_* and E2E_ALLOW_WRITES=1');
    const api = apiBase(baseURL!);
    const token = await playerToken(request, api);
    const issued = await request.post(`${api}/api/stream/ticket`, { headers: { authorization: `Token ${token}` } });
    expect(issued.status(), `POST ${api}/api/stream/ticket`).toBe(200);
    expect(issued.headers()['cache-control']).toContain('no-store');
    const { ticket } = (await issued.json()) as { ticket: string };
    const stream = await openPromptly(`${api}/api/stream?ticket=${encodeURIComponent(ticket)}`);
    streams.push(stream);

    for (const node of nodesOf(api)) {
      const { roundId, balance } = await playRound(request, node, token);
      // The balance after the round and the round itself, as the player's own, in either order.
      const isBalance = (message: SseMessage) => message.event === 'balance' && message.data.balance === balance;
      const seen: SseMessage[] = [];
      for (let count = 0; count < 2; count++) {
        const message = await stream.next((m) => isBalance(m) || betOf(roundId)(m), PROMPT_MS).catch(() => undefined);
        if (message) seen.push(message);
      }
      expect(
        seen.some(isBalance),
        `${RULES.liveStream}: the balance ${balance} after round ${roundId} (on ${node}) within ${PROMPT_MS} ms`,
      ).toBe(true);
      expect(seen.find(betOf(roundId))?.data.mine, `round ${roundId} as the player's own`).toBe(true);
    }

    // The ticket was taken by the first stream: used again, it is refused before anything is streamed.
    const again = await request.get(`${api}/api/stream?ticket=${encodeURIComponent(ticket)}`);
    expect(again.status()).toBe(401);
  });
});
