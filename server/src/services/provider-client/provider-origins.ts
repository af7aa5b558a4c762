import type { Queryable } from '../../db/database.ts';

/** The http(s) origin of a base URL; undefined for one that is not an http(s) URL (never framed). */
function httpOrigin(baseUrl: string): string | undefined {
  try {
    const url = new URL(baseUrl);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.origin : undefined;
  } catch {
    return undefined;
  }
}

/** The origins of the active providers' base URLs, each once. */
export async function activeProviderOrigins(db: Queryable): Promise<string[]> {
  const rows = await db.query<{ base_url: string }>(
    "SELECT base_url FROM game_providers WHERE status = 'active' ORDER BY id",
  );
  return [...new Set(rows.flatMap((row) => httpOrigin(row.base_url) ?? []))];
}
