import { crashMultiplierAt, hundredthsText } from '#core/games/crash.ts';
import type { CrashRoomBet, CrashRoomState } from '#core/api/contract.ts';
import type { Services } from '../../app-env.ts';
import { publicName } from '../winners.ts';

/** How many past games the history strip shows. */
export const CRASH_ROOM_HISTORY = 50;

/**
 * The room as anyone may see it: the commitment, the running game (never its crash point or hash),
 * its players (masked, or null for incognito players) and the last 50 crash points with their hashes,
 * each checkable against the next (docs/multiplayer-crash.md).
 */
export async function crashRoomState(services: Pick<Services, 'db' | 'config' | 'clock'>): Promise<CrashRoomState> {
  const currency = services.config.currency;
  const now = services.clock();
  const [chain] = await services.db.query<{ terminating_hash: string; salt: string; length: number }>(
    'SELECT terminating_hash, salt, length FROM crash_chains WHERE currency = $1',
    [currency],
  );
  const [game] = await services.db.query<{ id: string; game: number; rises_at: Date; crashes_at: Date }>(
    `SELECT id::text, game, rises_at, crashes_at FROM crash_games WHERE currency = $1 AND NOT ended`,
    [currency],
  );
  const players = game
    ? await services.db.query<{ player: string; incognito: boolean; stake: string; paid: number | null }>(
        `SELECT b.player, u.incognito, b.stake::text, b.paid FROM crash_bets b JOIN users u ON u.id = b.user_id
          WHERE b.game_id = $1 ORDER BY b.placed_at, b.id`,
        [game.id],
      )
    : [];
  const history = await services.db.query<{ game: number; crash: number; hash: string }>(
    `SELECT game, crash, hash FROM crash_games WHERE currency = $1 AND ended ORDER BY game DESC LIMIT $2`,
    [currency, CRASH_ROOM_HISTORY],
  );
  // Past its crash time a game the driver has not ended yet shows its last multiplier, never more.
  const elapsed = game
    ? Math.min(now.getTime(), new Date(game.crashes_at).getTime()) - new Date(game.rises_at).getTime()
    : -1;
  return {
    currency,
    now: now.toISOString(),
    commitment: chain ? { terminating_hash: chain.terminating_hash, salt: chain.salt, games: chain.length } : null,
    current: game
      ? {
          game: game.game,
          phase: elapsed < 0 ? 'betting' : 'rising',
          rises_at: new Date(game.rises_at).toISOString(),
          multiplier: elapsed < 0 ? null : hundredthsText(crashMultiplierAt(elapsed)),
          players: players.map((row) => ({
            player: publicName(row.player, row.incognito),
            stake: row.stake,
            paid: row.paid === null ? null : hundredthsText(row.paid),
          })),
        }
      : null,
    history: history.map((row) => ({ game: row.game, crash_point: hundredthsText(row.crash), hash: row.hash })),
  };
}

/**
 * The player's own bet in the running game, or null: a page opened (or reloaded) during the game shows it
 * and can still cash it out.
 */
export async function myCrashBet(
  services: Pick<Services, 'db' | 'config'>,
  userId: number,
): Promise<CrashRoomBet | null> {
  const [row] = await services.db.query<{
    game: number;
    stake: string;
    auto_cashout: number | null;
    paid: number | null;
    win: string | null;
    balance: string;
  }>(
    `SELECT g.game, b.stake::text, b.auto_cashout, b.paid, b.win::text, u.balance::text
      FROM crash_bets b JOIN crash_games g ON g.id = b.game_id JOIN users u ON u.id = b.user_id
      WHERE b.user_id = $1 AND g.currency = $2 AND NOT g.ended`,
    [userId, services.config.currency],
  );
  if (!row) return null;
  return {
    game: row.game,
    stake: row.stake,
    auto_cashout: row.auto_cashout === null ? null : hundredthsText(row.auto_cashout),
    paid: row.paid === null ? null : hundredthsText(row.paid),
    win: row.win,
    balance: row.balance,
  };
}
