import { alertLimitUse } from '../rg/limit-alerts.ts';
import { fromCents, toCents } from '#core/api/money.ts';
import { formatMoney } from '#core/i18n/money-format.ts';
import type { Services } from '../../app-env.ts';
import type { Queryable } from '../../db/database.ts';
import { translate, type Locale } from '../../base/i18n.ts';
import { releaseBonus } from '../bonus.ts';
import { addTransaction } from '../history.ts';
import { credit, debit, recordDebit } from '../ledger.ts';
import { marketStakeVerdict, type MarketRefusalCode } from '../markets/market-play.ts';
import { mayPlay } from '../play-policy.ts';
import { markLossLimitHit } from '../risk/loss-limit-hit.ts';
import { countStake } from '../wallet.ts';
import type { WalletPlayer } from './player.ts';
import { WalletRefusal, type WalletRefusalCode } from './refusal.ts';

/**
 * The money of a provider's round: each function runs in the call's transaction, under the
 * player's row lock (`lockWalletPlayer`), moves money only through the ledger and keeps the
 * round's one history item (pending until the round settles) in step. Answers the new balance.
 */

export interface RoundRef {
  providerId: string;
  roundId: string;
  gameId: string;
  now: Date;
}

/** A market refusal as the wallet's named refusal (docs/provider-api.md "Refusals"). */
const WALLET_CODE_OF_MARKET_REFUSAL = {
  too_fast: 'too_fast',
  limit_reached: 'limit_reached',
  verification_required: 'player_blocked',
  game_not_offered: 'unknown_game',
} as const satisfies Record<MarketRefusalCode, WalletRefusalCode>;

/**
 * The licensed market's rules for a bet (docs/markets.md): the game cycle counts from the start of the
 * player's previous round of this game, unless the bet adds to a round already open.
 */
async function checkMarketBet(services: Services, tx: Queryable, player: WalletPlayer, round: RoundRef, cents: bigint) {
  const verdict = await marketStakeVerdict(services, tx, {
    userId: player.userId,
    mechanic: player.game.mechanic,
    cents,
    previousStart: async () => {
      const [previous] = await tx.query<{ started: Date | string | null }>(
        `SELECT CASE WHEN EXISTS (SELECT 1 FROM provider_rounds WHERE provider_id = $1 AND round_id = $2) THEN NULL
           ELSE (SELECT max(created_at) FROM provider_rounds WHERE user_id = $3 AND provider_id = $1 AND game_id = $4)
         END AS started`,
        [round.providerId, round.roundId, player.userId, round.gameId],
      );
      return previous?.started ? new Date(previous.started) : null;
    },
    now: round.now,
    currency: player.currency,
    locale: player.locale as Locale,
  });
  if (verdict)
    throw new WalletRefusal(
      WALLET_CODE_OF_MARKET_REFUSAL[verdict.code],
      translate(player.locale as Locale, verdict.key, verdict.params),
      player.userId,
    );
}

/**
 * A bet passes the game (registered, enabled, stake in its range), the play policy (suspension,
 * time-out, self-exclusion, closure, loss limits counting open stakes), the market's rules (game cycle,
 * stake caps) and the token (live), then one conditional debit: never an overdraft. Messages are built
 * only for a refusal.
 */
export async function takeBet(
  tx: Queryable,
  services: Services,
  player: WalletPlayer,
  round: RoundRef,
  cents: bigint,
): Promise<string> {
  const { userId, game } = player;
  if (!game.enabled) throw new WalletRefusal('unknown_game', 'The game is not available.', userId);
  if (cents < toCents(game.minBet)! || cents > toCents(game.maxBet)!)
    throw new WalletRefusal('bad_request', `The stake must be between ${game.minBet} and ${game.maxBet}.`, userId);
  if (player.closed) throw new WalletRefusal('player_blocked', 'The account is closed.', userId);
  const verdict = await mayPlay(tx, userId, round.now, cents);
  if (!verdict.allowed) {
    const locale = player.locale as Locale;
    const room: Record<string, string> =
      verdict.room === undefined ? {} : { room: formatMoney(fromCents(verdict.room), player.currency, locale) };
    const message = translate(locale, verdict.reason, room);
    throw markLossLimitHit(
      new WalletRefusal(verdict.reason === 'rg.play_blocked' ? 'player_blocked' : 'limit_reached', message, userId),
      verdict,
      userId,
    );
  }
  await checkMarketBet(services, tx, player, round, cents);
  if (!player.live) throw new WalletRefusal('session_expired', 'The wallet token has ended.', userId);
  const amount = fromCents(cents);
  const balance = await debit(tx, userId, 'cash', amount);
  if (balance === undefined)
    throw new WalletRefusal('insufficient_funds', 'The balance does not cover the bet.', userId);
  const [row] = await tx.query<{ history_id: number | null; stake: string }>(
    `INSERT INTO provider_rounds (provider_id, round_id, user_id, game_id, currency, stake, created_at)
     VALUES ($1, $2, $3, $4, $5, $6::numeric, $7)
     ON CONFLICT (provider_id, round_id) DO UPDATE SET stake = provider_rounds.stake + EXCLUDED.stake
       WHERE provider_rounds.user_id = EXCLUDED.user_id AND provider_rounds.state = 'open'
     RETURNING history_id, stake::text`,
    [round.providerId, round.roundId, userId, round.gameId, player.currency, amount, round.now.toISOString()],
  );
  if (!row) throw new WalletRefusal('bad_request', 'The round is finished or not this player’s.', userId);
  let historyId = row.history_id;
  if (historyId === null) {
    const params = { game: game.name, stake: amount, win: '0.00', round: round.roundId, currency: player.currency };
    historyId = (
      await addTransaction(tx, {
        userId,
        type: 'game',
        amount: `-${amount}`,
        status: 'pending',
        template: 'games.history_round',
        params,
        createdAt: round.now,
      })
    ).id;
    await tx.query('UPDATE provider_rounds SET history_id = $3 WHERE provider_id = $1 AND round_id = $2', [
      round.providerId,
      round.roundId,
      historyId,
    ]);
  } else {
    await tx.query(
      `UPDATE transactions SET amount = amount - $2::numeric, params = jsonb_set(params, '{stake}', to_jsonb($3::text))
       WHERE id = $1`,
      [historyId, amount, row.stake],
    );
  }
  await recordDebit(tx, userId, 'cash', amount, historyId, round.now);
  return balance;
}

/**
 * A win lands whatever the player's status or token (money owed must land), on a round of this
 * player that has a bet; a win of 0 only records the result. A win for a closed account also leaves a
 * payout task for the back office: the closed player cannot ask for a withdrawal any more.
 */
export async function payWin(tx: Queryable, player: WalletPlayer, round: RoundRef, cents: bigint) {
  const amount = fromCents(cents);
  const [row] = await tx.query<{ history_id: number; win: string }>(
    `UPDATE provider_rounds SET win = win + $4::numeric WHERE provider_id = $1 AND round_id = $2 AND user_id = $3
     RETURNING history_id, win::text`,
    [round.providerId, round.roundId, player.userId, amount],
  );
  if (!row) throw new WalletRefusal('bad_request', 'The round has no bet of this player.', player.userId);
  await tx.query(
    `UPDATE transactions SET amount = amount + $2::numeric, params = jsonb_set(params, '{win}', to_jsonb($3::text))
     WHERE id = $1`,
    [row.history_id, amount, row.win],
  );
  if (cents === 0n) return undefined;
  if (player.closed) await addClosedAccountPayout(tx, player, round, amount);
  return credit(tx, player.userId, 'cash', amount, row.history_id, round.now);
}

async function addClosedAccountPayout(tx: Queryable, player: WalletPlayer, round: RoundRef, amount: string) {
  await tx.query(
    `INSERT INTO closed_account_payouts (user_id, provider_id, round_id, amount, currency, created_at)
     VALUES ($1, $2, $3, $4::numeric, $5, $6)`,
    [player.userId, round.providerId, round.roundId, amount, player.currency, round.now.toISOString()],
  );
}

/**
 * `finished: true`: the round settles once (a bet without a win is lost), its history item is
 * completed, and only now its stake counts toward loyalty points and bonus wagering, as our own
 * games count it (services/wallet.ts). Answers the balance if a released bonus changed it.
 */
export async function settleRound(
  tx: Queryable,
  { config, db }: Services,
  player: WalletPlayer,
  round: RoundRef,
): Promise<string | undefined> {
  const [row] = await tx.query<{ stake: string; win: string; history_id: number }>(
    `UPDATE provider_rounds SET state = 'settled', settled_at = $4
     WHERE provider_id = $1 AND round_id = $2 AND user_id = $3 AND state = 'open'
     RETURNING stake::text, win::text, history_id`,
    [round.providerId, round.roundId, player.userId, round.now.toISOString()],
  );
  if (!row) return undefined;
  const stakeCents = toCents(row.stake)!;
  await tx.query(`UPDATE transactions SET status = CASE WHEN $2 THEN 'cancelled' ELSE 'completed' END WHERE id = $1`, [
    row.history_id,
    stakeCents === 0n,
  ]);
  if (stakeCents === 0n) return undefined;
  const multiplier = config.games.bonusWageringMultiplier;
  const counted = await countStake(
    tx,
    { userId: player.userId, stake: row.stake, win: row.win, now: round.now },
    { multiplier, risk: config.risk, races: { node: db, gameId: round.gameId } },
  );
  await alertLimitUse(tx, {
    userId: player.userId,
    kind: 'loss',
    percents: config.rg.limitAlertPercents,
    currency: player.currency,
    now: round.now,
  });
  if (!counted.met) return counted.balance;
  await releaseBonus(tx, player.userId, counted.bonus, player.currency, round.now);
  const [after] = await tx.query<{ balance: string }>('SELECT balance::text FROM users WHERE id = $1', [player.userId]);
  return after!.balance;
}

/**
 * Refunds a bet once: its stake leaves the round (so loss limits stop counting it), the money comes
 * back through the ledger, and a round left with no stake shows as cancelled.
 */
export async function refundBet(
  tx: Queryable,
  player: WalletPlayer,
  round: RoundRef,
  bet: { actionId: string; amount: string; rollbackId: string },
) {
  await tx.query('UPDATE provider_actions SET rolled_back_by = $3 WHERE provider_id = $1 AND action_id = $2', [
    round.providerId,
    bet.actionId,
    bet.rollbackId,
  ]);
  const [row] = await tx.query<{ history_id: number; stake: string }>(
    `UPDATE provider_rounds SET stake = stake - $3::numeric WHERE provider_id = $1 AND round_id = $2
     RETURNING history_id, stake::text`,
    [round.providerId, round.roundId, bet.amount],
  );
  await tx.query(
    `UPDATE transactions SET amount = amount + $2::numeric, params = jsonb_set(params, '{stake}', to_jsonb($3::text)),
       status = CASE WHEN $3::numeric = 0 THEN 'cancelled' ELSE status END
     WHERE id = $1`,
    [row!.history_id, bet.amount, row!.stake],
  );
  return credit(tx, player.userId, 'cash', bet.amount, row!.history_id, round.now);
}
