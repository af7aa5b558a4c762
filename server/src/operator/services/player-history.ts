import type { Queryable } from '../../db/database.ts';
import { ConsoleError } from './console-error.ts';
import { say } from '../views/messages.ts';
import { ROUND_GAME_ID, ROUND_GAME_JOINS } from './report-figures/round-game.ts';

/** The kinds of history item the player page filters by, and the item types each covers. */
export const HISTORY_KINDS = {
  deposits: ['deposit'],
  withdrawals: ['withdrawal'],
  rounds: ['game'],
  bonuses: ['bonus', 'referral'],
  adjustments: ['adjustment'],
} as const;
export type HistoryKind = keyof typeof HISTORY_KINDS;

/** A page of the player's history: the filters, and where it starts (a history item id). */
export interface HistoryQuery {
  kind: HistoryKind | '';
  /** [start, end) instants of the chosen UTC days; null where open. */
  start: string | null;
  end: string | null;
  /** A game's id (rounds only), or ''. */
  game: string;
  /** Older than this item (the "Older" link), or newer than it ("Newer"); neither: the newest page. */
  before: number | null;
  after: number | null;
}

export interface HistoryRow {
  id: number;
  created_at: Date;
  type: string;
  template: string;
  params: Record<string, string>;
  amount: string;
  status: string;
  /** A settled round of our own games or of a provider (services/round-void.ts). */
  voidable: boolean;
}

export interface HistoryPage {
  rows: HistoryRow[];
  /** The first item of an older page (this page's last row), when there is one; likewise newer. */
  older: number | null;
  newer: number | null;
}

export const HISTORY_PAGE = 50;

/**
 * The filters as SQL conditions on `t` (the player is $1), with their values from $2 on. The game is
 * the round's own record's (round-game.ts), so `ROUND_GAME_JOINS` must be in the query's FROM.
 */
function filters(query: HistoryQuery, values: unknown[]) {
  const where = ['t.user_id = $1'];
  const add = (condition: (at: string) => string, value: unknown) => {
    values.push(value);
    where.push(condition(`$${values.length}`));
  };
  if (query.kind) add((at) => `t.type = ANY(${at}::text[])`, HISTORY_KINDS[query.kind]);
  if (query.start) add((at) => `t.created_at >= ${at}::timestamptz`, query.start);
  if (query.end) add((at) => `t.created_at < ${at}::timestamptz`, query.end);
  if (query.game) add((at) => `t.type = 'game' AND ${ROUND_GAME_ID} = ${at}`, query.game);
  return where;
}

/**
 * One page of the player's history, newest first, by keyset on (created_at, id): a page starts
 * strictly after the item its link names, so items that arrive between pages neither repeat nor
 * push others out of sight. A cursor that is not one of this player's items is refused (400).
 */
export async function playerHistory(db: Queryable, playerId: number, query: HistoryQuery): Promise<HistoryPage> {
  const cursor = query.before ?? query.after;
  if (cursor !== null) {
    const [anchor] = await db.query<{ id: number }>('SELECT id FROM transactions WHERE id = $1 AND user_id = $2', [
      cursor,
      playerId,
    ]);
    if (!anchor) throw new ConsoleError(400, say('history.bad_cursor'));
  }
  const values: unknown[] = [playerId];
  const where = filters(query, values);
  const newestFirst = query.after === null;
  if (cursor !== null) {
    values.push(cursor);
    where.push(
      `(t.created_at, t.id) ${newestFirst ? '<' : '>'}
       (SELECT a.created_at, a.id FROM transactions a WHERE a.id = $${values.length})`,
    );
  }
  const order = newestFirst ? 'DESC' : 'ASC';
  const rows = await db.query<HistoryRow>(
    `SELECT t.id, t.created_at, t.type, t.template, t.params, t.amount::text, t.status,
        (t.type = 'game' AND t.status = 'completed' AND (
          EXISTS (SELECT 1 FROM game_rounds r WHERE r.transaction_id = t.id AND r.state = 'settled')
          OR EXISTS (SELECT 1 FROM provider_rounds r WHERE r.history_id = t.id AND r.state = 'settled'))) AS voidable
     FROM transactions t ${query.game ? ROUND_GAME_JOINS : ''}
     WHERE ${where.join(' AND ')}
     ORDER BY t.created_at ${order}, t.id ${order}
     LIMIT ${HISTORY_PAGE + 1}`,
    values,
  );
  const more = rows.length > HISTORY_PAGE;
  const page = rows.slice(0, HISTORY_PAGE);
  if (!newestFirst) page.reverse();
  const first = page[0]?.id ?? null;
  const last = page.at(-1)?.id ?? null;
  // Travelling older, more beyond is `more`; the way back exists when we came from a cursor (and vice versa).
  const beyond = async (id: number | null, direction: '<' | '>') => {
    if (id === null) return false;
    const found = await db.query(
      `SELECT 1 FROM transactions t ${query.game ? ROUND_GAME_JOINS : ''}
       WHERE ${filters(query, [playerId]).join(' AND ')}
         AND (t.created_at, t.id) ${direction} (SELECT a.created_at, a.id FROM transactions a WHERE a.id = ${id})
       LIMIT 1`,
      [playerId, ...filterValues(query)],
    );
    return found.length > 0;
  };
  const olderExists = newestFirst ? more : await beyond(last ?? cursor, '<');
  const newerExists = newestFirst ? cursor !== null && (await beyond(first ?? cursor, '>')) : more;
  return { rows: page, older: olderExists ? (last ?? cursor) : null, newer: newerExists ? (first ?? cursor) : null };
}

/** The filters' values alone, in the order `filters` numbers them after the player. */
function filterValues(query: HistoryQuery) {
  const values: unknown[] = [null];
  filters(query, values);
  return values.slice(1);
}

/**
 * The games the filter offers: the catalogue's, ours and every provider's (small tables), not the
 * player's own rounds, whose distinct games would cost a scan of their whole history on every page.
 */
export const gameChoices = (db: Queryable) =>
  db.query<{ id: string; name: string }>(
    `SELECT id, name FROM games UNION SELECT game_id, name FROM provider_games ORDER BY 2, 1`,
  );
