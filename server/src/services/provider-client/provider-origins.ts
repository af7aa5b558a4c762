import type { Queryable } from '../../db/database.ts';

/** The origins of the active providers' base URLs, each once. */
export async function activeProviderOrigins(db: Queryable): Promise<string[]> {
  const rows = await db.query<{ base_url: string }>(
    "SELECT base_url FROM game_providers WHERE status = 'active' ORDER BY id",
  );
  return [...new Set(rows.map((row) => new URL(row.base_url).origin))];
}
