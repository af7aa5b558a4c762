/**
 * Migration 003: emails are stored in the one normalized form (`normalizeEmail`: NFKC, then
 * JavaScript's lower case) and compared as stored. PostgreSQL's lower() is not JavaScript's
 * (it differs for "İ", final "Σ" and NFKC forms), so this step runs in JavaScript, not SQL.
 *
 * The unique index on lower(email) becomes one on email itself. If two existing accounts only
 * differ before normalization, the one already normalized (else the older one) keeps the address
 * and the other is left as it was (logged by id, never by address), so the migration never fails
 * a start; that account can sign in again once an operator resolves the clash.
 */
import { normalizeEmail } from '#core/api/validation.ts';
import type { Queryable } from '../database.ts';

export async function normalizeEmails(tx: Queryable): Promise<void> {
  await tx.query('DROP INDEX IF EXISTS users_email_lower');
  const rows = await tx.query<{ id: number; email: string }>('SELECT id, email FROM users ORDER BY id');
  const taken = new Set(rows.map((row) => row.email).filter((email) => normalizeEmail(email) === email));
  for (const row of rows) {
    const email = normalizeEmail(row.email);
    if (email === row.email) continue;
    if (taken.has(email)) {
      console.warn(
        JSON.stringify({
          level: 'warn',
          migration: '003_normalize_emails',
          user_id: row.id,
          message: 'email clashes with another account once normalized; left unchanged',
        }),
      );
      continue;
    }
    taken.add(email);
    await tx.query('UPDATE users SET email = $2 WHERE id = $1', [row.id, email]);
  }
  await tx.query('CREATE UNIQUE INDEX users_email ON users (email)');
}
