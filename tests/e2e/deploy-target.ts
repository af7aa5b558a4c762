// What the `@deploy` tests run against. By default our own server (so `npm test` runs them
// too); with E2E_BASE_URL a real deployment, which they must not change unless asked to.
import { DEMO } from './helpers';

/** True when the tests check a deployment (E2E_BASE_URL) rather than our own server. */
export const REMOTE = Boolean(process.env.E2E_BASE_URL);

/** The API's origin: E2E_API_BASE when it is not the site's own origin. */
export function apiBase(siteBase: string): string {
  return (process.env.E2E_API_BASE || siteBase).replace(/\/+$/, '');
}

/** A player to sign in as: E2E_PLAYER_EMAIL/PASSWORD on a deployment, the demo player on ours. */
export const PLAYER =
  process.env.E2E_PLAYER_EMAIL && process.env.E2E_PLAYER_PASSWORD
    ? { email: process.env.E2E_PLAYER_EMAIL, password: process.env.E2E_PLAYER_PASSWORD }
    : REMOTE
      ? undefined
      : { email: DEMO.email, password: DEMO.password };

/** Registering and depositing: always on our throwaway database, on a deployment only with E2E_ALLOW_WRITES=1. */
export const ALLOW_WRITES = !REMOTE || process.env.E2E_ALLOW_WRITES === '1';
