import type { Context } from 'hono';
import { ConsoleError } from '../services/console-error.ts';
import { HISTORY_KINDS, type HistoryKind, type HistoryQuery } from '../services/player-history.ts';
import { say } from '../views/messages.ts';
import { readDayRange } from './paging.ts';

import type { HistoryFilters } from '../views/player-history-view.ts';

/** As a provider's game id may be (migration 054): printable ASCII, no spaces. */
const GAME_ID = /^[\x21-\x7e]{1,255}$/;

/** A cursor: a history item's id; anything else (or both directions at once) is a 400. */
function readCursor(c: Context, name: 'before' | 'after'): number | null {
  const raw = (c.req.query(name) ?? '').trim();
  if (!raw) return null;
  if (!/^\d{1,9}$/.test(raw)) throw new ConsoleError(400, say('history.bad_cursor'));
  return Number(raw);
}

/** The history's filters and cursor from the query string (`kind`, `from`, `to`, `game`, `before` or `after`). */
export function readHistoryQuery(c: Context): { query: HistoryQuery; filters: HistoryFilters } {
  const kind = (c.req.query('kind') ?? '').trim();
  if (kind && !Object.hasOwn(HISTORY_KINDS, kind)) throw new ConsoleError(400, say('history.bad_kind'));
  const game = (c.req.query('game') ?? '').trim();
  if (game && !GAME_ID.test(game)) throw new ConsoleError(400, say('history.bad_game'));
  const days = readDayRange(c, { from: say('history.from'), to: say('history.to') });
  if (days.from && days.to && days.from > days.to) throw new ConsoleError(400, say('dashboard.bad_range'));
  const before = readCursor(c, 'before');
  const after = readCursor(c, 'after');
  if (before !== null && after !== null) throw new ConsoleError(400, say('history.both_cursors'));
  return {
    query: { kind: kind as HistoryKind | '', start: days.start, end: days.end, game, before, after },
    filters: { kind, from: days.from, to: days.to, game },
  };
}
