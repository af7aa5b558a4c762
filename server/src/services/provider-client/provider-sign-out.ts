import { signOut, signOutEverywhere } from '../sessions.ts';
import type { ProviderServices } from './provider-call.ts';
import { endProviderSessions } from './provider-sessions.ts';

/**
 * Sign-out with the game providers told: the sign-in ends (its wallet tokens with it, for bets),
 * then each provider the player plays with ends its sessions and settles its open rounds through
 * the wallet. A provider that fails is recorded in provider_calls; the sign-out stands.
 */
export async function signOutWithProviders(services: ProviderServices, keyHash: string, userId: number) {
  await signOut(services.db, keyHash);
  await endProviderSessions(services, userId);
}

/** Sign out everywhere, with the game providers told as above. */
export async function signOutEverywhereWithProviders(services: ProviderServices, userId: number) {
  await signOutEverywhere(services.db, userId);
  await endProviderSessions(services, userId);
}
