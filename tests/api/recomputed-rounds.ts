import { expect } from 'vitest';
import { withFairRandom } from '../../core/games/fairness.ts';
import type { RoundView } from '../../core/games/protocol.ts';
import { resolveBet } from '../../core/games/round.ts';

/** Every revealed single-draw round recomputes, from its seeds and bet, to its recorded outcome and win. */
export async function expectRoundsRecompute(rounds: RoundView[]) {
  expect(rounds.length).toBeGreaterThan(0);
  for (const view of rounds) {
    const again = await withFairRandom(
      { serverSeed: view.server_seed!, clientSeed: view.client_seed, nonce: view.nonce },
      (random) => resolveBet(view.bet, random),
    );
    expect(again).toEqual({ outcome: view.outcome, stake: view.stake, win: view.win });
  }
}
