import type { Queryable } from '../../db/database.ts';
import { maskAddress } from '../../services/sessions.ts';

/**
 * Player search for the console: one text matched against email, username, name (first, last or
 * both), the last digits of a card or a fragment of an IBAN or wallet the player withdrew to, and
 * the addresses the account was made or signed in from (kept masked to their network, as the
 * session list keeps them). Each result says what matched.
 */
export interface SearchRow {
  id: number;
  email: string;
  username: string;
  first_name: string;
  last_name: string;
  country: string | null;
  date_joined: Date | string;
  matched: string[];
}

/**
 * A search for one player by id: `#2214` or `id:2214` asks for the id only; a bare number
 * (`2214`) is tried as an id before any partial match, so it never opens another player whose
 * card or IBAN ends in those digits. Undefined when the query is no id.
 */
export function idOfQuery(query: string): { id: number; only: boolean } | undefined {
  const match = /^(#|id:\s*)?(\d{1,9})$/i.exec(query.trim());
  return match ? { id: Number(match[2]), only: Boolean(match[1]) } : undefined;
}

/** Whether a player has this id. */
export async function playerExists(db: Queryable, id: number) {
  return (await db.query('SELECT 1 FROM users WHERE id = $1', [id])).length > 0;
}

/** Digits and letters only, lower case: how a card or IBAN fragment is compared (spaces and dots ignored). */
const compact = (value: string) => value.toLowerCase().replace(/[^0-9a-z]/g, '');

const MATCHES = `
  SELECT u.id, array_remove(ARRAY[
      CASE WHEN u.email = $1 OR lower(u.username) = $1 THEN 'exact' END,
      CASE WHEN strpos(u.email, $1) > 0 THEN 'email' END,
      CASE WHEN strpos(lower(u.username), $1) > 0 THEN 'username' END,
      CASE WHEN $1 <> '' AND strpos(lower(u.first_name || ' ' || u.last_name), $1) > 0 THEN 'name' END,
      CASE WHEN length($2) >= 4 AND EXISTS (
        SELECT 1 FROM transactions t WHERE t.user_id = u.id AND t.type = 'withdrawal' AND t.destination IS NOT NULL
          AND strpos(regexp_replace(lower(t.destination), '[^0-9a-z]', '', 'g'), $2) > 0) THEN 'destination' END,
      CASE WHEN u.signup_ip = $3 THEN 'signup_address' END,
      CASE WHEN EXISTS (SELECT 1 FROM sign_in_addresses a WHERE a.user_id = u.id AND a.ip = $3) THEN 'sign_in_address'
      END
    ], NULL) AS matched
  FROM users u`;

const params = (query: string) => {
  const needle = query.normalize('NFKC').toLowerCase();
  // Addresses are kept masked (203.0.113.x), as the player's session list shows them: a full
  // address typed by staff is masked the same way, so it finds its network.
  return [needle, compact(needle), maskAddress(query.trim()) || query.trim()];
};

/** Total matches and one page, exact matches first, then by username. */
export async function searchPlayers(db: Queryable, query: string, limit: number, offset: number) {
  const [count] = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM (${MATCHES}) m WHERE cardinality(m.matched) > 0`,
    params(query),
  );
  const rows = await db.query<SearchRow>(
    `SELECT u.id, u.email, u.username, u.first_name, u.last_name, u.country, u.date_joined, m.matched
     FROM (${MATCHES}) m JOIN users u ON u.id = m.id WHERE cardinality(m.matched) > 0
     ORDER BY ('exact' = ANY(m.matched)) DESC, u.username, u.id LIMIT $4 OFFSET $5`,
    [...params(query), limit, offset],
  );
  return { total: count!.n, rows };
}

export interface DuplicateRow {
  id: number;
  email: string;
  username: string;
  reason: 'address' | 'destination';
  shared: string;
}

/**
 * Possible duplicate accounts of a player: others made or signed in from one of the player's
 * networks (addresses are kept masked), or who withdrew to the same (masked) destination by the
 * same method. Possible only: a household, an office or a provider shares a network; a masked
 * card shares its last four digits.
 */
export const possibleDuplicates = (db: Queryable, userId: number) =>
  db.query<DuplicateRow>(
    `WITH mine AS (
       SELECT signup_ip AS ip FROM users WHERE id = $1 AND signup_ip IS NOT NULL AND signup_ip <> ''
       UNION SELECT ip FROM sign_in_addresses WHERE user_id = $1
     ), their_addresses AS (
       SELECT id AS user_id, signup_ip AS ip FROM users WHERE signup_ip IN (SELECT ip FROM mine)
       UNION SELECT user_id, ip FROM sign_in_addresses WHERE ip IN (SELECT ip FROM mine)
     ), my_destinations AS (
       SELECT DISTINCT method, destination FROM transactions WHERE user_id = $1 AND type = 'withdrawal' AND destination
       IS NOT NULL
     )
     SELECT u.id, u.email, u.username, d.reason, d.shared FROM (
       SELECT user_id, 'address' AS reason, min(ip) AS shared FROM their_addresses GROUP BY user_id
       UNION ALL
       SELECT t.user_id, 'destination', min(t.destination) FROM transactions t JOIN my_destinations m ON m.method =
       t.method AND m.destination = t.destination
       WHERE t.type = 'withdrawal' GROUP BY t.user_id
     ) d JOIN users u ON u.id = d.user_id
     WHERE d.user_id <> $1 ORDER BY u.username, d.reason LIMIT 50`,
    [userId],
  );
