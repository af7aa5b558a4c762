import { randomBytes } from 'node:crypto';
import type { Services } from '../../app-env.ts';
import { hashToken } from '../../http/auth.ts';
import { streamSettingsOf } from './stream-settings.ts';

const TICKET_FORM = /^[\w-]{32}$/;

/**
 * A single-use ticket for the player's own events on `GET /api/stream?ticket=`: the sign-in token
 * never goes in a URL. Only its SHA-256 is stored; it lives `ticketSeconds` of the server's clock.
 */
export async function issueStreamTicket(services: Services, userId: number): Promise<string> {
  const { db, clock } = services;
  const ticket = randomBytes(24).toString('base64url');
  const expiresAt = new Date(clock().getTime() + streamSettingsOf(services).ticketSeconds * 1000);
  await db.query('INSERT INTO stream_tickets (key_hash, user_id, expires_at) VALUES ($1, $2, $3)', [
    hashToken(ticket),
    userId,
    expiresAt.toISOString(),
  ]);
  return ticket;
}

/**
 * The player a ticket was issued to, or undefined for an unknown, expired or already used one. One
 * DELETE takes it, so of two parallel redemptions only one finds the row.
 */
export async function redeemStreamTicket({ db, clock }: Services, ticket: string): Promise<number | undefined> {
  if (!TICKET_FORM.test(ticket)) return undefined;
  const [row] = await db.query<{ user_id: number; expires_at: Date | string }>(
    'DELETE FROM stream_tickets WHERE key_hash = $1 RETURNING user_id, expires_at',
    [hashToken(ticket)],
  );
  return row && new Date(row.expires_at).getTime() > clock().getTime() ? row.user_id : undefined;
}

/** Expired tickets and events past the retention window, from the housekeeping run. */
export async function pruneStreamTables(services: Services, now: Date): Promise<void> {
  const { db } = services;
  await db.query('DELETE FROM stream_tickets WHERE expires_at <= $1', [now.toISOString()]);
  await db.query(`DELETE FROM stream_events WHERE created_at < $1::timestamptz - make_interval(secs => $2)`, [
    now.toISOString(),
    streamSettingsOf(services).retentionSeconds,
  ]);
}
