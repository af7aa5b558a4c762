import type { Queryable } from '../db/database.ts';

/** Whether the player consents to marketing offers (promotions reach only those who do). */
export async function marketingConsent(db: Queryable, userId: number): Promise<boolean> {
  const [row] = await db.query<{ consent: boolean }>('SELECT marketing_consent AS consent FROM users WHERE id = $1', [
    userId,
  ]);
  return row?.consent === true;
}

/**
 * The audit of marketing consent: a row for the answer given at registration and for each later
 * change, by the one clock, so the operator can show when a player agreed to or withdrew from offers.
 */
export async function recordConsentChange(
  db: Queryable,
  userId: number,
  consent: boolean,
  now: Date,
  source: 'registration' | 'profile',
): Promise<void> {
  await db.query(
    'INSERT INTO marketing_consent_changes (user_id, consent, source, changed_at) VALUES ($1, $2, $3, $4)',
    [userId, consent, source, now.toISOString()],
  );
}
