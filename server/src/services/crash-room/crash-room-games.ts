import { crashTimeOf } from '#core/games/crash.ts';
import { crashPointOfGame } from '#core/games/crash-chain.ts';
import type { Services } from '../../app-env.ts';
import type { Queryable } from '../../db/database.ts';
import { roomChain, roomGameHash } from './crash-room-chain.ts';
import { publishCrashEvent } from './crash-room-events.ts';

/** A running game as the room's services read it (under its row lock). */
export interface RunningGame {
  id: string;
  game: number;
  currency: string;
  crash: number;
  opened_at: Date;
  rises_at: Date;
  crashes_at: Date;
}

const GAME_COLUMNS = `id::text, game, currency, crash, opened_at, rises_at, crashes_at`;

const asGame = (row: RunningGame): RunningGame => ({
  ...row,
  opened_at: new Date(row.opened_at),
  rises_at: new Date(row.rises_at),
  crashes_at: new Date(row.crashes_at),
});

/** The currency's running game, locked for this transaction (bets, cash-outs and the driver queue on it). */
export async function lockRunningGame(tx: Queryable, currency: string): Promise<RunningGame | undefined> {
  const [row] = await tx.query<RunningGame>(
    `SELECT ${GAME_COLUMNS} FROM crash_games WHERE currency = $1 AND NOT ended FOR UPDATE`,
    [currency],
  );
  return row && asGame(row);
}

/** Milliseconds of the rise at `now` (negative while bets are taken). */
export const riseElapsed = (game: RunningGame, now: Date) => now.getTime() - game.rises_at.getTime();

/**
 * Opens the currency's next game on the chain: bets until `rises_at`, then the rise until the
 * game's crash point, whose time on the published curve fixes `crashes_at`.
 */
export async function openNextGame(
  services: Pick<Services, 'db' | 'config' | 'privateKeys' | 'clock'>,
  tx: Queryable,
  currency: string,
  now: Date,
): Promise<RunningGame> {
  const room = await roomChain(services, currency);
  const [last] = await tx.query<{ game: number | null }>(
    'SELECT max(game) AS game FROM crash_games WHERE chain_id = $1',
    [room.id],
  );
  const game = (last?.game ?? 0) + 1;
  if (game > room.chain.length) throw new Error(`The ${currency} crash room chain is used up: build a new one`);
  const hash = roomGameHash(room, game);
  const crash = await crashPointOfGame(hash, room.salt);
  const risesAt = new Date(now.getTime() + services.config.games.crashRoom.bettingMs);
  const crashesAt = new Date(risesAt.getTime() + crashTimeOf(crash));
  const [row] = await tx.query<RunningGame>(
    `INSERT INTO crash_games (chain_id, game, currency, hash, crash, opened_at, rises_at, crashes_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING ${GAME_COLUMNS}`,
    [room.id, game, currency, hash, crash, now.toISOString(), risesAt.toISOString(), crashesAt.toISOString()],
  );
  await publishCrashEvent(tx, now, {
    type: 'betting',
    game,
    currency,
    opened_at: now.toISOString(),
    rises_at: risesAt.toISOString(),
  });
  return asGame(row!);
}
