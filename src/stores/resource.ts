import { atom } from 'nanostores';

/** What a screen shows while it loads data: the last data stays beside a new load or its failure. */
export type Resource<T> =
  { state: 'loading'; data?: T } | { state: 'error'; data?: T; error: unknown } | { state: 'ready'; data: T };

/**
 * Data a signed-in screen loads: a loading state first, an error state (the screen offers a
 * retry: `run` again), and `run` to load again after a change. A late answer to an older run never
 * overwrites a newer one.
 */
export function createResource<T>(load: () => Promise<T>) {
  const $resource = atom<Resource<T>>({ state: 'loading' });
  let generation = 0;
  async function run() {
    const mine = ++generation;
    $resource.set({ state: 'loading', data: $resource.get().data });
    try {
      const data = await load();
      if (mine === generation) $resource.set({ state: 'ready', data });
    } catch (error) {
      console.error('[profile] loading failed', error);
      if (mine === generation) $resource.set({ state: 'error', error, data: $resource.get().data });
    }
  }
  return { $resource, run };
}
