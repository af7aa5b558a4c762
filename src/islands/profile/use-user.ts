import { useStore } from '@nanostores/react';
import { getMe } from '../../api/user';
import { $user, setUser } from '../../stores/session';

/** The signed-in player from the shared store (null until app start has loaded them). */
export const useUser = () => useStore($user);

/** Reloads the player after money moved, so every balance on the page (and the header) updates. */
export async function refreshUser() {
  setUser(await getMe());
}
