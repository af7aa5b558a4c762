import { describe, expect, it } from 'vitest';
import type { Paginated, ProviderRoundCheck, Transaction } from '../../core/api/contract.ts';
import { manualClock } from '../../server/src/base/clock.ts';
import { hashToken } from '../../server/src/http/auth.ts';
import { issueWalletToken } from '../../server/src/services/wallet-api/tokens.ts';
import { useTestApi } from './harness.ts';
import { useCataloguedSecondProvider } from './fixtures/registered-second-provider.ts';
import { signedWalletCall } from './wallet-api-provider.ts';

/**
 * "Verify round" for a third-party provider's round: GET /api/user/history/rounds/:round_id asks the
 * provider (a real HTTP server in the test) for what it publishes, through the same link history
 * gives. On PGlite and (DATABASE_URL) PostgreSQL.
 */
const clock = manualClock(new Date('2026-05-04T09:00:00Z'));
const ctx = useTestApi({ PROVIDER_CALL_TIMEOUT_SECONDS: '3' }, { clock });

const second = useCataloguedSecondProvider(ctx);

/** A player who played one finished round of Star Fruits (bet 1.00, win 2.50) through the wallet API. */
async function playedRound(roundId: string) {
  const player = await ctx.api.player({ balance: '10.00' });
  const { token } = await issueWalletToken(ctx.api.services, {
    userId: player.id,
    providerId: second.id,
    gameId: 'star-fruits',
    authTokenHash: hashToken(player.token),
  });
  const raw = JSON.stringify({
    token,
    game_id: 'star-fruits',
    round_id: roundId,
    finished: true,
    actions: [
      { action: 'bet', action_id: `${roundId}-bet`, amount: 100 },
      { action: 'win', action_id: `${roundId}-win`, amount: 250 },
    ],
  });
  const played = await signedWalletCall(ctx.api.app, {
    providerId: second.id,
    secret: second.provider.secret,
    path: '/wallet/v1/play',
    raw,
  });
  expect(played.status).toBe(200);
  return player;
}

const check = (roundId: string, token: string) =>
  ctx.api.request('GET', `/api/user/history/rounds/${encodeURIComponent(roundId)}`, { token });

describe('verify a provider’s round', () => {
  it('links it from history and shows what the provider publishes, asked signed, answered no-store', async () => {
    const player = await playedRound('sf-round-1');
    const published = { server_seed_hash: 'ab12', server_seed: 'cd34', client_seed: 'mine', nonce: 3, outcome: [7, 7] };
    second.provider.rounds.set('sf-round-1', { round_id: 'sf-round-1', ...published });

    const history = await ctx.api.request('GET', '/api/user/history?type=game', { token: player.token });
    expect((history.body as Paginated<Transaction>).results.map((row) => row.round_id)).toEqual(['sf-round-1']);

    const answer = await check('sf-round-1', player.token);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('cache-control')).toBe('no-store');
    expect(answer.body as ProviderRoundCheck).toEqual({
      kind: 'provider',
      game: { id: 'star-fruits', name: 'Star Fruits' },
      round: {
        round_id: 'sf-round-1',
        created_at: '2026-05-04T09:00:00.000Z',
        stake: '1.00',
        win: '2.50',
        state: 'settled',
      },
      published,
    });
    expect(second.provider.received.at(-1)).toEqual({
      method: 'GET',
      path: '/v1/rounds/sf-round-1',
      body: undefined,
      signed: true,
    });
  });

  it('says so when the provider publishes nothing for the round (it answers 404)', async () => {
    const player = await playedRound('sf-round-2');
    const answer = await check('sf-round-2', player.token);
    expect(answer.status).toBe(200);
    expect((answer.body as ProviderRoundCheck).published).toBeNull();
    expect((answer.body as ProviderRoundCheck).kind).toBe('provider');
  });

  it('is 404 for another player’s round, and a localized 503 when the provider does not answer', async () => {
    const player = await playedRound('sf-round-3');
    const other = await ctx.api.player();
    expect((await check('sf-round-3', other.token)).status).toBe(404);

    second.provider.delayMs = 4_000;
    const late = await check('sf-round-3', player.token);
    expect(late.status).toBe(503);
    expect(late.headers.get('retry-after')).toBe('30');
  });
});
