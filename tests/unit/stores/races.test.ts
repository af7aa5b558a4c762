// /profile/bonus, races: loading the races and each running race's leaderboard, errors, late answers.
import { describe, expect, it } from 'vitest';
import type { Race, RaceLeaderboard } from '#core/api/contract.ts';
import { ApiError } from '../../../src/api/errors';
import { createRacesStore } from '../../../src/stores/races';

const RUNNING: Race = {
  id: 7,
  name: 'Slot sprint',
  status: 'running',
  starts_at: '2026-06-10T00:00:00.000Z',
  ends_at: '2026-06-11T00:00:00.000Z',
  games: ['fruit-fiesta'],
  categories: [],
  prizes: [{ position: 1, amount: '10.00', kind: 'cash' }],
  bonus_multiplier: 1,
  currency: 'EUR',
};
const UPCOMING: Race = { ...RUNNING, id: 8, status: 'upcoming' };
const BOARD: RaceLeaderboard = {
  race: RUNNING,
  top: [{ position: 1, player: 'ab***c', wagered: '5.00', prize: RUNNING.prizes[0]! }],
  you: { position: null, wagered: '0.00', next: { position: 1, amount: '5.01' } },
};

/** A promise and the functions that settle it, so a test decides when each answer arrives. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('races store', () => {
  it('loads the races and the leaderboard of each running one only', async () => {
    const asked: number[] = [];
    const store = createRacesStore({
      getRaces: async () => [RUNNING, UPCOMING],
      getLeaderboard: async (id) => {
        asked.push(id);
        return BOARD;
      },
    });
    expect(store.$state.get()).toBe('loading');
    await store.load();
    expect(store.$state.get()).toBe('ready');
    expect(asked).toEqual([7]);
    expect(store.$races.get()).toEqual([{ race: RUNNING, board: BOARD }, { race: UPCOMING }]);
  });

  it('an empty list is ready with nothing; a failed leaderboard is an error until a retry succeeds', async () => {
    const answers: (Race[] | Error)[] = [[RUNNING], []];
    const store = createRacesStore({
      getRaces: async () => {
        const answer = answers.shift()!;
        if (answer instanceof Error) throw answer;
        return answer;
      },
      getLeaderboard: async () => {
        throw new ApiError(500, null);
      },
    });
    await store.load();
    expect(store.$state.get()).toBe('error');
    await store.load();
    expect(store.$state.get()).toBe('ready');
    expect(store.$races.get()).toEqual([]);
  });

  it('a slow earlier answer never overwrites a newer one', async () => {
    const first = deferred<Race[]>();
    const second = deferred<Race[]>();
    const pending = [first, second];
    const store = createRacesStore({ getRaces: () => pending.shift()!.promise, getLeaderboard: async () => BOARD });
    const older = store.load();
    const newer = store.load();
    second.resolve([UPCOMING]);
    await newer;
    first.resolve([RUNNING]);
    await older;
    expect(store.$races.get()).toEqual([{ race: UPCOMING }]);
    expect(store.$state.get()).toBe('ready');
  });
});
