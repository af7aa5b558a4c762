import { useStore } from '@nanostores/react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { $token } from '../../stores/session';

export type Resource<T> =
  { state: 'loading'; data?: T } | { state: 'error'; data?: T; error: unknown } | { state: 'ready'; data: T };

/**
 * Loads data for a signed-in screen: nothing without a token, a loading state first, an error
 * state with `retry`, and `reload` to refresh after a change. A late answer to an older request
 * never overwrites a newer one.
 */
export function useResource<T>(load: () => Promise<T>, deps: unknown[] = []) {
  const token = useStore($token);
  const [resource, setResource] = useState<Resource<T>>({ state: 'loading' });
  const generation = useRef(0);

  const run = useCallback(() => {
    if (!token) return;
    const mine = ++generation.current;
    setResource((previous) => ({ state: 'loading', data: previous.data }));
    load().then(
      (data) => mine === generation.current && setResource({ state: 'ready', data }),
      (error: unknown) => {
        console.error('[profile] loading failed', error);
        if (mine === generation.current) setResource((previous) => ({ state: 'error', error, data: previous.data }));
      },
    );
    // `load` is a fresh closure each render; the caller's `deps` say when it asks for new data.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- as said above: deps, not load, say when to reload
  }, [token, ...deps]);

  useEffect(run, [run]);
  return { ...resource, retry: run, reload: run };
}
