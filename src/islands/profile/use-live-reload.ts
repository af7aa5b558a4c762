import { useEffect } from 'react';
import { onLiveEvent, type RelayedEvent } from '../../stores/live-events';

/**
 * Reloads a screen's data when the page's live stream brings one of `names` for this player (a
 * withdrawal decided, a notification, a verification or limit decision), so it never polls.
 */
export function useLiveReload(names: readonly RelayedEvent[], reload: () => void) {
  useEffect(
    () =>
      onLiveEvent((name) => {
        if (names.includes(name)) reload();
      }),
    // `names` is a constant of the caller; `reload` changes when the resource's deps do.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- as said above
    [reload],
  );
}
