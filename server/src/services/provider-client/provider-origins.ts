import type { Queryable } from '../../db/database.ts';
import { OFFERED_PROVIDER_GAMES } from './offered-games.ts';

/** The http(s) origin of a URL; undefined for one that is not an http(s) URL (never framed or shown). */
function httpOrigin(address: string): string | undefined {
  try {
    const url = new URL(address);
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

/** The origins of the images of the provider games the lobby lists (offered-games.ts), each once. */
export async function offeredGameImageOrigins(db: Queryable): Promise<string[]> {
  const rows = await db.query<{ image: string }>(
    `SELECT DISTINCT image FROM (${OFFERED_PROVIDER_GAMES}) offered WHERE image <> '' ORDER BY image`,
  );
  return [...new Set(rows.flatMap((row) => httpOrigin(row.image) ?? []))];
}
