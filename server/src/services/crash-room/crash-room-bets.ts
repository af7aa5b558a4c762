import { randomUUID } from 'node:crypto';
import type { CrashRoomBet } from '#core/api/contract.ts';
import { checkAmount, fromCents, toCents } from '#core/api/money.ts';
import { crashMultiplierAt, crashStakeRule, crashTarget, hundredthsText } from '#core/games/crash.ts';
import { takesStake } from '#core/games/fair-stake.ts';
import { formatMoney } from '#core/i18n/money-format.ts';
import type { Services } from '../../app-env.ts';
import { Conflict, InvalidRequest, MarketRefusal, NotAllowed } from '../../base/domain-errors.ts';
import type { Locale } from '../../base/i18n.ts';
import { marketStakeVerdict } from '../markets/market-play.ts';
import { lockPlayer, mayPlay } from '../play-policy.ts';
import { markLossLimitHit } from '../risk/loss-limit-hit.ts';
import { walletBet } from '../wallet.ts';
import { publicName } from '../winners.ts';
import { publishCrashEvent } from './crash-room-events.ts';
import { lockRunningGame, riseElapsed } from './crash-room-games.ts';
import { autoCashoutAt, OPEN_BET_COLUMNS, settleCrashBet, type OpenBet } from './crash-room-settle.ts';

export interface CrashRoomBetInput {
  amount?: unknown;
  /** Optional: "2.00" cashes out by itself at 2×. */
  auto_cashout?: unknown;
}

/** The stake as the room takes it: the configured limits, then crash's fair stakes (whole euros, or from €9.50). */
function checkRoomStake(services: Pick<Services, 'config'>, input: CrashRoomBetInput, locale: Locale) {
  const { minBet, maxBet } = services.config.games;
  const currency = services.config.currency;
  const limits = { min: formatMoney(minBet, currency, locale), max: formatMoney(maxBet, currency, locale) };
  const checked = checkAmount(input.amount, minBet, maxBet);
  if ('problem' in checked) {
    if (checked.problem === 'amount_too_small') throw new InvalidRequest('games.bet_too_small', limits);
    if (checked.problem === 'amount_too_large') throw new InvalidRequest('games.bet_too_large', limits);
    throw new InvalidRequest('games.bet_invalid');
  }
  const rule = crashStakeRule();
  if (!takesStake(rule, toCents(checked.amount)!)) {
    const money = (cents: bigint) => formatMoney(fromCents(cents), currency, locale);
    throw new InvalidRequest('games.bet_off_fair_step', { step: money(rule.step), from: money(rule.anyFrom) });
  }
  let auto: number | null = null;
  if (input.auto_cashout !== undefined && input.auto_cashout !== null) {
    const target = crashTarget(input.auto_cashout);
    if (target === undefined) throw new InvalidRequest('crash_room.auto_cashout_invalid');
    auto = target;
  }
  return { stake: checked.amount, auto };
}

/**
 * Joins the running game while it takes bets: one bet per player per game, its stake through the
 * wallet (a round of its own) after the safer-gambling check under the player's lock, all under
 * the game's row lock, so the driver cannot start the rise in between.
 */
export async function joinCrashGame(
  services: Services,
  userId: number,
  input: CrashRoomBetInput,
  locale: Locale,
): Promise<CrashRoomBet> {
  const { stake, auto } = checkRoomStake(services, input, locale);
  const currency = services.config.currency;
  return services.db.transaction(async (tx) => {
    const now = services.clock();
    const game = await lockRunningGame(tx, currency);
    if (!game || riseElapsed(game, now) >= 0) throw new Conflict('crash_room.betting_closed');
    const [taken] = await tx.query('SELECT 1 FROM crash_bets WHERE game_id = $1 AND user_id = $2', [game.id, userId]);
    if (taken) throw new Conflict('crash_room.already_in');
    await lockPlayer(tx, userId);
    const verdict = await mayPlay(tx, userId, now, toCents(stake)!);
    if (!verdict.allowed)
      throw markLossLimitHit(
        new NotAllowed(
          verdict.reason,
          verdict.room === undefined ? undefined : { room: formatMoney(fromCents(verdict.room), currency, locale) },
        ),
        verdict,
        userId,
      );
    // The market's rules (docs/markets.md): crash offered, the player verified, its caps. The room's own
    // schedule paces its games, so no game cycle is counted here.
    const refused = await marketStakeVerdict(services, tx, {
      userId,
      mechanic: 'crash',
      cents: toCents(stake)!,
      previousStart: async () => null,
      now,
      currency,
      locale,
    });
    if (refused) throw new MarketRefusal(refused);
    const [player] = await tx.query<{ username: string; incognito: boolean }>(
      'SELECT username, incognito FROM users WHERE id = $1',
      [userId],
    );
    const id = randomUUID();
    const placed = await walletBet(tx, {
      transactionId: `bet:${id}`,
      userId,
      roundId: id,
      amount: stake,
      currency,
      game: 'Crash',
      now,
    });
    if (placed.status !== 'ok')
      throw new InvalidRequest('insufficient_funds', { balance: formatMoney(placed.balance, currency, locale) });
    await tx.query(
      `INSERT INTO crash_bets (id, game_id, user_id, player, currency, stake, auto_cashout, placed_at)
       VALUES ($1, $2, $3, $4, $5, $6::numeric, $7, $8)`,
      [id, game.id, userId, player!.username, currency, stake, auto, now.toISOString()],
    );
    await publishCrashEvent(tx, now, {
      type: 'bet',
      game: game.game,
      currency,
      player: publicName(player!.username, player!.incognito),
      stake,
    });
    return {
      game: game.game,
      stake,
      auto_cashout: auto === null ? null : hundredthsText(auto),
      paid: null,
      win: null,
      balance: placed.balance,
    };
  });
}

/**
 * Cashes the player's bet out at the multiplier of the server's clock now. An auto cash-out whose
 * time has already come pays its own target (it came first); after the crash nothing is paid (the
 * driver settles the bet as lost). Under the game's row lock, cash-outs in one millisecond are
 * taken in the order they arrive.
 */
export async function cashOutCrashGame(services: Services, userId: number): Promise<CrashRoomBet> {
  const currency = services.config.currency;
  return services.db.transaction(async (tx) => {
    const now = services.clock();
    const game = await lockRunningGame(tx, currency);
    if (!game) throw new Conflict('crash_room.no_bet');
    const [bet] = await tx.query<OpenBet>(
      `SELECT ${OPEN_BET_COLUMNS} FROM crash_bets WHERE game_id = $1 AND user_id = $2 AND win IS NULL`,
      [game.id, userId],
    );
    if (!bet) throw new Conflict('crash_room.no_bet');
    const elapsed = riseElapsed(game, now);
    if (elapsed < 0) throw new Conflict('crash_room.not_rising');
    if (now > game.crashes_at) throw new Conflict('crash_room.crashed');
    const auto = autoCashoutAt(game, bet);
    const paid =
      auto !== undefined && auto <= elapsed ? bet.auto_cashout! : Math.min(crashMultiplierAt(elapsed), game.crash);
    const { balance, win } = await settleCrashBet(services, tx, game, bet, paid, now);
    return {
      game: game.game,
      stake: bet.stake,
      auto_cashout: bet.auto_cashout === null ? null : hundredthsText(bet.auto_cashout),
      paid: hundredthsText(paid),
      win,
      balance,
    };
  });
}
