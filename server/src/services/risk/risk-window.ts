/**
 * A JSON window `column` with `added` appended, keeping only entries whose `at` is after `since` (an
 * SQL expression). The statement that appends to a window also trims it, so a player's state stays
 * small however long they play.
 */
export const jsonWindow = (column: string, added: string, since: string) =>
  `(SELECT COALESCE(jsonb_agg(e), '[]'::jsonb) FROM jsonb_array_elements(${column} || ${added}) e
     WHERE (e->>'at')::timestamptz > ${since})`;

/** The `ref`s of a JSON window's entries, as a JSON array (empty when none). */
export const jsonRefs = (column: string) =>
  `(SELECT COALESCE(jsonb_agg(e->'ref'), '[]'::jsonb) FROM jsonb_array_elements(${column}) e)`;
