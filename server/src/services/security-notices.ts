import type { Services } from '../app-env.ts';

/**
 * Called after a player turned two-factor sign-in on or off, so they can be warned by email if it
 * was not them (issue 13, "Security emails").
 *
 * TODO(integrator): send the security email through `server/src/mail/` (built on another branch)
 * in the player's language. Until then this does nothing; the callers already await it.
 */
export async function twoFactorChanged(_services: Services, _userId: number, _enabled: boolean): Promise<void> {}
