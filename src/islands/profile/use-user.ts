import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { getMe } from '../../api/user';
import { $user, setUser } from '../../stores/session';

/**
 * The signed-in player from the shared store, or null until app start has loaded them. The first
 * render is always null, as at build time, so hydration matches even when the user loaded first.
 */
export function useUser() {
  const user = useStore($user);
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  return mounted ? user : null;
}

/** Reloads the player after money moved, so every balance on the page (and the header) updates. */
export async function refreshUser() {
  setUser(await getMe());
}
