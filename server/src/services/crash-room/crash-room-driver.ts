import { randomUUID } from 'node:crypto';
import { hundredthsText } from '#core/games/crash.ts';
import type { Services } from '../../app-env.ts';
import type { Queryable } from '../../db/database.ts';
import { roomChain } from './crash-room-chain.ts';
import { publishCrashEvent } from './crash-room-events.ts';
import { lockRunningGame, openNextGame, riseElapsed, type RunningGame } from './crash-room-games.ts';
import { autoCashoutAt, OPEN_BET_COLUMNS, settleCrashBet, type OpenBet } from './crash-room-settle.ts';

type DriverServices = Pick<Services, 'db' | 'config' | 'privateKeys' | 'clock'>;

/** A driver's lease lasts this long past its last tick: another node takes over within it. */
export const CRASH_ROOM_LEASE_MS = 2_000;
/** How often the driving node looks at its room (auto cash-outs pay within this of their time). */
const TICK_MS = 100;

/**
 * Takes or renews the room's lease for `node`, in one statement: it succeeds when nobody holds it,
 * `node` holds it, or the holder's lease has expired on the server's clock.
 */
async function takeLease(services: DriverServices, currency: string, node: string, now: Date): Promise<boolean> {
  const rows = await services.db.query(
    `INSERT INTO crash_room_leases (currency, node, expires_at) VALUES ($1, $2, $3)
     ON CONFLICT (currency) DO UPDATE SET node = EXCLUDED.node, expires_at = EXCLUDED.expires_at
       WHERE crash_room_leases.node = EXCLUDED.node OR crash_room_leases.expires_at <= $4
     RETURNING node`,
    [currency, node, new Date(now.getTime() + CRASH_ROOM_LEASE_MS).toISOString(), now.toISOString()],
  );
  return rows.length === 1;
}

/** Pays every auto cash-out whose time has come (`upTo` ms into the rise), lowest target first. */
async function payDueAutoCashouts(services: DriverServices, tx: Queryable, game: RunningGame, upTo: number, now: Date) {
  const bets = await tx.query<OpenBet>(
    `SELECT ${OPEN_BET_COLUMNS} FROM crash_bets
      WHERE game_id = $1 AND win IS NULL AND auto_cashout <= $2 ORDER BY auto_cashout, placed_at, id`,
    [game.id, game.crash],
  );
  for (const bet of bets) {
    const at = autoCashoutAt(game, bet);
    if (at !== undefined && at <= upTo) await settleCrashBet(services, tx, game, bet, bet.auto_cashout!, now);
  }
}

/** Ends a game at its crash point: the bets still open lose, its hash is revealed. */
async function endGame(services: DriverServices, tx: Queryable, game: RunningGame, now: Date) {
  await payDueAutoCashouts(services, tx, game, Number.MAX_SAFE_INTEGER, now);
  const lost = await tx.query<OpenBet>(
    `SELECT ${OPEN_BET_COLUMNS} FROM crash_bets WHERE game_id = $1 AND win IS NULL ORDER BY placed_at, id`,
    [game.id],
  );
  for (const bet of lost) await settleCrashBet(services, tx, game, bet, 0, now);
  const [ended] = await tx.query<{ hash: string }>('UPDATE crash_games SET ended = true WHERE id = $1 RETURNING hash', [
    game.id,
  ]);
  await publishCrashEvent(tx, now, {
    type: 'crashed',
    game: game.game,
    currency: game.currency,
    crash_point: hundredthsText(game.crash),
    hash: ended!.hash,
  });
}

export type TickOutcome = 'not_leader' | 'opened' | 'ended' | 'running';

/**
 * One look at the currency's room by `node`, on the server's clock: without the lease it does
 * nothing; otherwise it opens a game when none runs, pays the auto cash-outs that are due, and ends
 * a game whose crash time has passed (settling every bet, revealing its hash) and opens the next.
 * Each step is one transaction under the game's row lock, so a bet or a cash-out in flight is
 * either before it or after it.
 */
export async function tickCrashRoom(services: DriverServices, currency: string, node: string): Promise<TickOutcome> {
  const now = services.clock();
  if (!(await takeLease(services, currency, node, now))) return 'not_leader';
  // Built (once, seconds of CPU in slices) before any transaction holds the game's lock.
  await roomChain(services, currency);
  return services.db.transaction(async (tx) => {
    const game = await lockRunningGame(tx, currency);
    if (!game) {
      await openNextGame(services, tx, currency, now);
      return 'opened';
    }
    const elapsed = riseElapsed(game, now);
    if (now >= game.crashes_at) {
      await endGame(services, tx, game, now);
      await openNextGame(services, tx, currency, now);
      return 'ended';
    }
    if (elapsed >= 0) await payDueAutoCashouts(services, tx, game, elapsed, now);
    return 'running';
  });
}

/**
 * Runs the room for the site's currency on this node (CRASH_ROOM=1): a tick every 100 ms while
 * it holds the lease, or a try to take it. Unref'd; answers its stop.
 */
export function startCrashRoom(services: DriverServices, currency: string): () => void {
  const node = randomUUID();
  let busy = false;
  const timer = setInterval(() => {
    if (busy) return;
    busy = true;
    tickCrashRoom(services, currency, node)
      .catch((error: unknown) =>
        console.error(JSON.stringify({ level: 'error', event: 'crash_room', detail: (error as Error).message })),
      )
      .finally(() => (busy = false));
  }, TICK_MS);
  timer.unref();
  return () => clearInterval(timer);
}
