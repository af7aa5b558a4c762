import { fromCents, toCents } from '#core/api/money.ts';
import { crashTimeOf, hundredthsText } from '#core/games/crash.ts';
import type { Services } from '../../app-env.ts';
import type { Queryable } from '../../db/database.ts';
import { walletWin } from '../wallet.ts';
import { publicName } from '../winners.ts';
import { publishCrashEvent } from './crash-room-events.ts';
import type { RunningGame } from './crash-room-games.ts';

export interface OpenBet {
  id: string;
  user_id: number;
  player: string;
  incognito: boolean;
  currency: string;
  stake: string;
  auto_cashout: number | null;
}

export const OPEN_BET_COLUMNS = `id, user_id, player, currency, stake::text, auto_cashout,
  (SELECT incognito FROM users WHERE users.id = crash_bets.user_id) AS incognito`;

/**
 * Settles one bet at `paid` hundredths of its stake (0: lost): the wallet's one `win` of its round
 * (0.00 included; rounded down to the cent), the bet row, and a `cashout` event for a paid bet.
 * Answers the player's balance and the win.
 */
export async function settleCrashBet(
  services: Pick<Services, 'config' | 'db'>,
  tx: Queryable,
  game: RunningGame,
  bet: OpenBet,
  paid: number,
  now: Date,
): Promise<{ balance: string; win: string }> {
  const win = fromCents((toCents(bet.stake)! * BigInt(paid)) / 100n);
  const settled = await walletWin(
    tx,
    {
      transactionId: `win:${bet.id}`,
      userId: bet.user_id,
      roundId: bet.id,
      amount: win,
      betTransactionId: `bet:${bet.id}`,
      now,
    },
    {
      wageringMultiplier: services.config.games.bonusWageringMultiplier,
      currency: bet.currency,
      // A crash bet counts toward loss limits and their alerts as any round does (docs/markets.md).
      limitAlertPercents: services.config.rg.limitAlertPercents,
      risk: services.config.risk,
      // The crash room is the catalogue's game `crash`.
      races: { node: services.db, gameId: 'crash' },
    },
  );
  if (settled.status !== 'ok') throw new Error(`Crash room bet ${bet.id} could not be settled`);
  await tx.query('UPDATE crash_bets SET paid = $2, win = $3::numeric, settled_at = $4 WHERE id = $1', [
    bet.id,
    paid,
    win,
    now.toISOString(),
  ]);
  if (paid > 0)
    await publishCrashEvent(tx, now, {
      type: 'cashout',
      game: game.game,
      currency: game.currency,
      player: publicName(bet.player, bet.incognito),
      multiplier: hundredthsText(paid),
      stake: bet.stake,
      payout: win,
    });
  return { balance: settled.balance, win };
}

/** When (ms into the rise) a bet's auto cash-out pays, or undefined if the game crashes first. */
export const autoCashoutAt = (game: RunningGame, bet: Pick<OpenBet, 'auto_cashout'>) =>
  bet.auto_cashout !== null && bet.auto_cashout <= game.crash ? crashTimeOf(bet.auto_cashout) : undefined;
