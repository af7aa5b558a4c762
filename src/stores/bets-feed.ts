import { HIDDEN_PLAYER, type BetEvent, type Win } from '../../core/api/contract';
import { fromCents, toCents } from '../../core/api/money';

/** The bets feed's tabs, in the order the arrow keys move through them. */
export const FEED_TABS = ['all', 'high', 'mine'] as const;
export type FeedTab = (typeof FEED_TABS)[number];

/** Rows a tab keeps: the newest, above the older ones. */
export const FEED_ROWS = 10;
/** Rows a client takes per second at most; beyond that the feed is a sample (docs/live-stream.md). */
export const FEED_RATE = 10;

/**
 * The tab a key moves to (the ARIA tabs pattern): the arrows wrap at either end, Home and End go to
 * the first and last; other keys move nowhere.
 */
export function feedTabAfterKey(tab: FeedTab, key: string): FeedTab | undefined {
  const index = FEED_TABS.indexOf(tab);
  const last = FEED_TABS.length - 1;
  const to: Record<string, number> = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: last };
  if (!(key in to)) return undefined;
  return FEED_TABS[(to[key]! + FEED_TABS.length) % FEED_TABS.length];
}

/** Answers true at most `rate` times in any second of `now()`: the rows beyond are sampled away. */
export function createRateSampler(rate = FEED_RATE, now: () => number = () => Date.now()) {
  const taken: number[] = [];
  return () => {
    const at = now();
    while (taken.length && at - taken[0]! >= 1000) taken.shift();
    if (taken.length >= rate) return false;
    taken.push(at);
    return true;
  };
}

/**
 * The feed's rows per tab, newest first: every sampled bet under "All bets", a high roller's also
 * under "High rollers", the player's own also under "My bets". The player's own bets count against
 * the rate but are never sampled away (they come no faster than the player plays).
 */
export function createBetsFeed({ rows = FEED_ROWS, sample = createRateSampler() } = {}) {
  const lists: Record<FeedTab, BetEvent[]> = { all: [], high: [], mine: [] };
  return {
    lists,
    /** Adds a settled bet; answers the tabs it joined (none when sampled away). */
    add(bet: BetEvent): FeedTab[] {
      if (!sample() && !bet.mine) return [];
      const tabs = FEED_TABS.filter((tab) => tab === 'all' || (tab === 'high' ? bet.high_roller : bet.mine));
      for (const tab of tabs) lists[tab] = [bet, ...lists[tab]].slice(0, rows);
      return tabs;
    },
  };
}

/**
 * The "Recent winners" row of a bet, as GET /api/snikx/win_stats gives it (the net win), or
 * undefined when the bet is not a win: a return at or below the stake is never one.
 */
export function winOfBet(bet: BetEvent): Win | undefined {
  const net = (toCents(bet.payout) ?? 0n) - (toCents(bet.stake) ?? 0n);
  if (!bet.win || net <= 0n) return undefined;
  return {
    player: bet.player ?? HIDDEN_PLAYER,
    game: bet.game,
    amount: fromCents(net),
    currency: bet.currency,
    at: bet.at,
  };
}
