import { useStore } from '@nanostores/react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { createResource } from '../../stores/resource';
import { $token } from '../../stores/session';

export type { Resource } from '../../stores/resource';

/**
 * Binds a screen to a `createResource` store: nothing loads without a token, and the caller's
 * `deps` say when to load again. `retry` and `reload` run the load once more.
 */
export function useResource<T>(load: () => Promise<T>, deps: unknown[] = []) {
  const token = useStore($token);
  // `load` is a fresh closure each render; the store always calls the latest one.
  const latest = useRef(load);
  latest.current = load;
  const [store] = useState(() => createResource(() => latest.current()));
  const resource = useStore(store.$resource);
  const run = useCallback(() => {
    if (token) void store.run();
  }, [token, store]);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- as said above: deps, not load, say when to reload
  useEffect(run, [token, ...deps]);
  return { ...resource, retry: run, reload: run };
}
