import type { APIRequestContext } from '@playwright/test';
import { expect } from '@playwright/test';
import type { SeedPair } from '../../core/games/fairness';
import { TEST_GAME_SEEDS_PATH } from '../../scripts/test-hooks.mjs';

/**
 * Makes a game session's next rounds known without rigging the server: reads the server seed the
 * session has committed to for its next rotation (a test-only route), finds with the shared engine a
 * client seed for which `deals` holds, and rotates to it through the provider API, as a player may.
 * Answers the pair the following rounds play on (nonce 1 is the first of them).
 */
export async function pinNextRounds(
  request: APIRequestContext,
  sessionId: string,
  deals: (pair: Omit<SeedPair, 'nonce'>) => Promise<boolean>,
): Promise<Omit<SeedPair, 'nonce'>> {
  const seeds = await request.get(`${TEST_GAME_SEEDS_PATH}/${sessionId}`);
  expect(seeds.status()).toBe(200);
  const { next_server_seed: serverSeed } = (await seeds.json()) as { next_server_seed: string };
  for (let attempt = 0; attempt < 10_000; attempt++) {
    const pair = { serverSeed, clientSeed: `pinned-${attempt}` };
    if (!(await deals(pair))) continue;
    const rotated = await request.post(`/demo-games/api/sessions/${sessionId}/seeds`, {
      data: { client_seed: pair.clientSeed },
    });
    expect(rotated.status()).toBe(200);
    return pair;
  }
  throw new Error('no client seed deals what the test needs');
}
