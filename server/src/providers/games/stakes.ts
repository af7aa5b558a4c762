import { fromCents, toCents } from '#core/api/money.ts';
import { formatMoney } from '#core/i18n/money-format.ts';
import { betStakeRefusal } from '#core/games/registry.ts';
import type { Services } from '../../app-env.ts';
import type { Queryable } from '../../db/database.ts';
import { InvalidRequest, MarketRefusal, NotAllowed } from '../../base/domain-errors.ts';
import type { Locale } from '../../base/i18n.ts';
import { marketStakeVerdict } from '../../services/markets/market-play.ts';
import { mayPlay } from '../../services/play-policy.ts';
import { markLossLimitHit } from '../../services/risk/loss-limit-hit.ts';
import { walletBet } from '../../services/wallet.ts';
import type { GameSession } from './sessions.ts';
import { lockPlayerForStake } from '../../services/promotions/offer-takes.ts';

/**
 * The checks a stake passes before it is taken, and the balance a refusal shows: shared by the single-round games
 * (rounds.ts), the multi-step ones (step-rounds.ts) and the session state (sessions.ts).
 */

export async function sessionBalance(db: Queryable, session: GameSession): Promise<string> {
  const [row] =
    session.mode === 'demo'
      ? await db.query<{ balance: string }>('SELECT demo_balance::text AS balance FROM game_sessions WHERE id = $1', [
          session.id,
        ])
      : await db.query<{ balance: string }>('SELECT balance::text FROM users WHERE id = $1', [session.user_id]);
  return row!.balance;
}

/**
 * The configured bet limits, then the bet's own stakes: those on which rounding its win down to the
 * cent costs at most 0.1 percentage point of its RTP (a dice target, a mine count, banker, crash).
 */
export function checkLimits(
  services: Services,
  session: GameSession,
  checked: { bet: object; stake: string },
  locale: Locale,
) {
  const { minBet, maxBet } = services.config.games;
  const stake = toCents(checked.stake)!;
  const limits = {
    min: formatMoney(minBet, session.currency, locale),
    max: formatMoney(maxBet, session.currency, locale),
  };
  if (stake < toCents(minBet)!) throw new InvalidRequest('games.bet_too_small', limits);
  if (stake > toCents(maxBet)!) throw new InvalidRequest('games.bet_too_large', limits);
  const rule = betStakeRefusal(session.mechanic, checked.bet);
  if (!rule) return;
  const money = (cents: bigint) => formatMoney(fromCents(cents), session.currency, locale);
  if (rule.step === rule.anyFrom)
    throw new InvalidRequest('games.bet_below_fair_minimum', { min: money(rule.anyFrom) });
  throw new InvalidRequest('games.bet_off_fair_step', { step: money(rule.step), from: money(rule.anyFrom) });
}

export const insufficientFunds = (session: GameSession, balance: string) =>
  new InvalidRequest('insufficient_funds', {
    balance: formatMoney(balance, session.currency, session.locale as Locale),
  });

/**
 * The safer-gambling check for a real-money stake, inside the transaction that takes it: the
 * player's row is locked first, so parallel stakes are checked one after another, each seeing the
 * open stakes of the others.
 */
export async function checkStake(services: Services, tx: Queryable, session: GameSession, stakeCents: bigint) {
  const maxStake = await lockPlayerForStake(tx, session.user_id!);
  const verdict = await mayPlay(tx, session.user_id!, services.clock(), stakeCents);
  if (!verdict.allowed) {
    throw markLossLimitHit(
      new NotAllowed(
        verdict.reason,
        verdict.room === undefined
          ? undefined
          : { room: formatMoney(fromCents(verdict.room), session.currency, session.locale as Locale) },
      ),
      verdict,
      session.user_id!,
    );
  }
  // A running offer's terms cap each stake while its bonus is wagered.
  if (maxStake !== undefined && stakeCents > toCents(maxStake)!)
    throw new InvalidRequest('promotions.stake_above_offer_max', {
      max: formatMoney(maxStake, session.currency, session.locale as Locale),
    });
}

/**
 * The licensed market's rules for a new round's stake (docs/markets.md), after `checkStake` took the player's
 * row lock: the game cycle counts from the start of the player's previous real round of this game.
 */
async function checkMarketStake(services: Services, tx: Queryable, session: GameSession, stakeCents: bigint) {
  const verdict = await marketStakeVerdict(services, tx, {
    userId: session.user_id!,
    mechanic: session.mechanic,
    cents: stakeCents,
    previousStart: async () => {
      const [previous] = await tx.query<{ started: Date | string | null }>(
        `SELECT max(created_at) AS started FROM game_rounds WHERE user_id = $1 AND game_id = $2 AND mode = 'real'`,
        [session.user_id, session.game_id],
      );
      return previous?.started ? new Date(previous.started) : null;
    },
    now: services.clock(),
    currency: session.currency,
    locale: session.locale as Locale,
  });
  if (verdict) throw new MarketRefusal(verdict);
}

/**
 * Takes a real-money round's stake inside `tx`: the safer-gambling check, the market's rules, then the wallet's bet,
 * whose transaction id is `bet:<round id>` (the round's win and raises name it). A balance too
 * short for the stake is refused, showing the balance.
 */
export async function placeRealStake(
  services: Services,
  tx: Queryable,
  session: GameSession,
  roundId: string,
  stake: string,
) {
  await checkStake(services, tx, session, toCents(stake)!);
  await checkMarketStake(services, tx, session, toCents(stake)!);
  const placed = await walletBet(tx, {
    transactionId: `bet:${roundId}`,
    userId: session.user_id!,
    roundId,
    amount: stake,
    currency: session.currency,
    game: session.game_name,
    now: services.clock(),
  });
  if (placed.status !== 'ok') throw insufficientFunds(session, placed.balance);
  return placed;
}
