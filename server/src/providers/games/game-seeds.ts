import { randomBytes } from 'node:crypto';
import { newServerSeed } from '#core/games/fairness.ts';

/**
 * Where the games provider takes its seeds. The server always uses `randomGameSeeds` (the CSPRNG):
 * nothing in the configuration or the environment can replace it. Only code that builds the
 * services itself (the API test harness) can pass another source in `services.gameSeeds`, the way
 * it passes a clock, so every game test knows its cards, mines and rolls.
 */
export interface GameSeeds {
  /** The pair a new session starts with, and the server seed it commits to for its first rotation. */
  session(): { serverSeed: string; nextServerSeed: string; clientSeed: string };
  /** A server seed committed as the next one: at each rotation, and for a session that has none yet. */
  nextServerSeed(): string;
}

export const randomGameSeeds: GameSeeds = {
  session: () => ({ serverSeed: newServerSeed(), nextServerSeed: newServerSeed(), clientSeed: newClientSeed() }),
  nextServerSeed: newServerSeed,
};

/** A random client seed for a new session; the player may replace it. */
function newClientSeed() {
  return randomBytes(8).toString('hex');
}
