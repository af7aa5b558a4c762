// Staff invitations as the console's services and views share them. Neutral, so views need not
// import a service.
import type { Role } from './operator-env.ts';

/** How long an invitation's link works: long enough for a weekend, short enough to not linger in a mailbox. */
export const INVITATION_HOURS = 72;

export interface OpenInvitation {
  id: number;
  email: string;
  role: Role;
  invited_by_email: string;
  expires_at: Date | string;
}
