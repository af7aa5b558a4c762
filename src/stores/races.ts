import { atom } from 'nanostores';
import type { Race, RaceLeaderboard } from '../../core/api/contract';

export interface RacesDeps {
  /** GET /api/races (`getRaces` in src/api/races.ts). */
  getRaces: () => Promise<Race[]>;
  /** GET /api/races/:id/leaderboard (`getRaceLeaderboard`). */
  getLeaderboard: (id: number) => Promise<RaceLeaderboard>;
}

/** What the card shows: the races, each running one with its leaderboard (an upcoming one has none yet). */
export interface RaceEntry {
  race: Race;
  board?: RaceLeaderboard;
}

/**
 * /profile/bonus, races: the races now and to come, with each running race's leaderboard and the
 * player's own place. A load replaces the last one only if no newer load started since, so a slow
 * answer never overwrites a fresher one; any failure is the error state until a retry succeeds.
 */
export function createRacesStore({ getRaces, getLeaderboard }: RacesDeps) {
  const $state = atom<'loading' | 'ready' | 'error'>('loading');
  const $races = atom<RaceEntry[]>([]);
  let latest = 0;

  async function load() {
    const mine = ++latest;
    $state.set('loading');
    try {
      const races = await getRaces();
      const entries = await Promise.all(
        races.map(async (race) =>
          race.status === 'running' ? { race, board: await getLeaderboard(race.id) } : { race },
        ),
      );
      if (mine !== latest) return;
      $races.set(entries);
      $state.set('ready');
    } catch (error) {
      if (mine !== latest) return;
      console.error('[races] loading failed', error);
      $state.set('error');
    }
  }

  return { $state, $races, load };
}
