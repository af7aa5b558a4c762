import type { Services } from '../app-env.ts';
import { twoFactorChangedMail } from '../mail/messages.ts';
import { loadAccount } from './users.ts';

/**
 * Called after a player turned two-factor sign-in on or off: a security email in their language
 * (text and HTML, no remote content), so they can act at once if it was not them.
 * Sent after the answer, like every mail.
 */
export async function twoFactorChanged(services: Services, userId: number, enabled: boolean): Promise<void> {
  const player = await loadAccount(services.db, 'id', userId);
  if (player)
    services.mailer.dispatch(
      twoFactorChangedMail(player, enabled, services.clock(), services.config.mail.supportEmail),
    );
}
