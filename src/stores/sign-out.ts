import { logout } from '../api/auth';
import { $token, clearSession } from './session';

/** Clears the token, revokes it on the server, then goes to the locale's home page. */
export async function signOut(home: string) {
  const token = $token.get();
  clearSession();
  if (token) {
    try {
      await logout(token);
    } catch (error) {
      console.error('[session] the sign-out call failed; the token is forgotten here anyway', error);
    }
  }
  location.assign(home);
}
