/**
 * A player's real-money rounds from every source, as one SQL subquery with the columns `stake`,
 * `win` (0 while open) and `at` (the time the window is by): our own games' rounds, the shared
 * crash room's bets and game providers' rounds (wallet API). Demo rounds never count; a voided
 * round gave its stake back and took its win, so it counts for nothing. Loss limits, the reality
 * check's session money and cashback all read this one definition, so a new source of rounds is
 * counted everywhere or nowhere.
 *
 * Each source gets its own conditions (not one filter over the union) so that each branch can use
 * its table's (user_id, time) index.
 */
export interface RoundWindow {
  /** The SQL parameter holding the player's id, e.g. `$1`. */
  user: string;
  /**
   * `placed`: by when the stake was taken, open rounds included (what a loss limit or a session
   * counts). `settled`: by when the round ended, settled rounds only (what a period's result counts).
   */
  by: 'placed' | 'settled';
  /** The window's start parameter; `>` or `>=` it. */
  from: string;
  fromOp: '>' | '>=';
  /** The window's end parameter, if any; `<` or `<=` it. */
  to?: string;
  toOp?: '<' | '<=';
}

interface Source {
  table: string;
  win: string;
  placedAt: string;
  settledAt: string;
  real: string;
  settled: string;
}

const SOURCES: readonly Source[] = [
  {
    table: 'game_rounds',
    win: 'win',
    placedAt: 'created_at',
    // Single-step rounds settle as they are written, and older rows have no settled_at.
    settledAt: 'COALESCE(settled_at, created_at)',
    real: "mode = 'real' AND state <> 'voided'",
    settled: "state = 'settled'",
  },
  {
    table: 'crash_bets',
    win: 'COALESCE(win, 0)',
    placedAt: 'placed_at',
    settledAt: 'settled_at',
    real: 'true',
    settled: 'win IS NOT NULL',
  },
  {
    table: 'provider_rounds',
    win: 'win',
    placedAt: 'created_at',
    settledAt: 'settled_at',
    real: "state <> 'voided'",
    settled: "state = 'settled'",
  },
];

export function realMoneyRounds(window: RoundWindow): string {
  const branches = SOURCES.map((source) => {
    const at = window.by === 'placed' ? source.placedAt : source.settledAt;
    const conditions = [`user_id = ${window.user}`, source.real, `${at} ${window.fromOp} ${window.from}`];
    if (window.to) conditions.push(`${at} ${window.toOp ?? '<'} ${window.to}`);
    if (window.by === 'settled') conditions.push(source.settled);
    return `SELECT stake, ${source.win} AS win, ${at} AS at FROM ${source.table} WHERE ${conditions.join(' AND ')}`;
  });
  return `(${branches.join(' UNION ALL ')})`;
}
