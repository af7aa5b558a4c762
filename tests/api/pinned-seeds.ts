/**
 * Pinned game seeds for API tests: every game session launched while a pin is set starts on the
 * same known server seed and client seed, so a test knows its cards, mines and rolls and asserts the
 * exact outcome. The pins below were found offline with core/games/ (the engine the server plays
 * with): each says what its rounds deal. The server itself always draws its seeds from the CSPRNG;
 * only the harness's services can take a pin (server/src/providers/games/game-seeds.ts).
 */
import { afterEach } from 'vitest';
import { newServerSeed } from '../../core/games/fairness.ts';
import type { Services } from '../../server/src/app-env.ts';

/** The server seed of every pin (64 hex digits); the client seed picks the outcomes. */
export const PINNED_SERVER_SEED = '5eed'.repeat(16);
/** The server seed a pinned session commits to for its first rotation (active after it). */
export const PINNED_NEXT_SERVER_SEED = 'feed'.repeat(16);

/** Pins the seeds of every game session launched from now on, until the test ends. */
export function pinGameSeeds(services: Services, clientSeed: string) {
  services.gameSeeds = {
    session: () => ({ serverSeed: PINNED_SERVER_SEED, nextServerSeed: PINNED_NEXT_SERVER_SEED, clientSeed }),
    // Committed at a rotation, active only after the one after: no pinned test plays on it.
    nextServerSeed: newServerSeed,
  };
}

/** Takes the pin off after each test of the file, so a test that sets none plays on random seeds. */
export function unpinGameSeedsAfterEach(holder: { api: { services: Services } }) {
  afterEach(() => {
    if (holder.api) delete holder.api.services.gameSeeds;
  });
}

/**
 * Client seeds with what they deal on PINNED_SERVER_SEED (nonce 1 is a session's first round).
 */
export const PINS = {
  /**
   * Blackjack: player 3♥ 6♣, dealer shows 8♣ (hole 3♥, draws 6♠: 17); a hit gives T♠ (19).
   * Mines, 1 mine: at cell 22. Crash: crashes at 2.74.
   */
  steps: 'pin-53',
  /** Dice: rolls 35.63. */
  diceUnder: 'pin-0',
  /** Limbo: results 5.04×, then 1.07×. Keno: draws 4 14 24 38 37 34 9 22 11 10, then 3 28 36 5 39 7 32 23 6 37. */
  limbo: 'pin-0',
  /** Baccarat: player A♥ Q♦ 4♦ (5) beats banker T♣ Q♦ 3♦ (3). */
  playerWins: 'pin-2',
  /** Fruit Fiesta, 1.00: rounds 1 to 12 all pay nothing. */
  slotLosses: 'pin-252',
  /** Baccarat, rounds 1 to 4: banker, tie, player, player. */
  baccaratMix: 'pin-0',
  /** Roulette, rounds 1 to 5: pockets 14, 16, 34, 0, 29. */
  roulettePockets: 'pin-10',
  /** Roulette, rounds 1 and 2: pockets 2 and 26 (both black). */
  twoBlacks: 'pin-1',
} as const;
