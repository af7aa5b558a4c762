import type { Queryable } from '../db/database.ts';

/** The migration versions the database has applied (`/readyz` compares them with the files). */
export async function appliedMigrations(db: Queryable): Promise<Set<number>> {
  const rows = await db.query<{ version: number }>('SELECT version FROM schema_migrations');
  return new Set(rows.map((row) => row.version));
}

/** What a restored backup holds, for the restore command's last line. */
export async function databaseSummary(db: Queryable): Promise<{ migrations: number; users: number }> {
  const [row] = await db.query<{ migrations: number; users: number }>(
    'SELECT (SELECT count(*) FROM schema_migrations)::int AS migrations, (SELECT count(*) FROM users)::int AS users',
  );
  return row!;
}

/** Launched game sessions not yet expired at `now`, by mode (`real`, `demo`), for `/metrics`. */
export async function openGameSessions(db: Queryable, now: Date): Promise<Record<string, number>> {
  const rows = await db.query<{ mode: string; open: number }>(
    'SELECT mode, count(*)::int AS open FROM game_sessions WHERE expires_at > $1 GROUP BY mode',
    [now],
  );
  return Object.fromEntries(rows.map((row) => [row.mode, row.open]));
}
