/**
 * What a player has played in this game session, for the game page's session panel: rounds,
 * staked, returned and net, and the net after each of the latest rounds for its small chart.
 * Cents in a BigInt, kept as strings so the tally survives a reload in sessionStorage.
 */
import { toCents } from '../api/money.ts';
import type { Money } from '../api/contract.ts';

/** How many rounds the chart shows (the totals count every round). */
export const TALLY_CHART_ROUNDS = 50;

export interface SessionTally {
  rounds: number;
  /** Cents, as decimal digits. */
  staked: string;
  returned: string;
  /** The net in cents after each of the latest rounds, oldest first (signed). */
  nets: string[];
}

export const EMPTY_TALLY: SessionTally = { rounds: 0, staked: '0', returned: '0', nets: [] };

export const tallyNet = (tally: SessionTally): bigint => BigInt(tally.returned) - BigInt(tally.staked);

/** The tally after one more settled round (its stake and what it paid, stake included). */
export function addRound(tally: SessionTally, round: { stake: Money; win: Money }): SessionTally {
  const next = {
    rounds: tally.rounds + 1,
    staked: String(BigInt(tally.staked) + toCents(round.stake)!),
    returned: String(BigInt(tally.returned) + toCents(round.win)!),
  };
  const net = BigInt(next.returned) - BigInt(next.staked);
  return { ...next, nets: [...tally.nets, String(net)].slice(-TALLY_CHART_ROUNDS) };
}

const DIGITS = /^-?\d{1,15}$/;

/** A stored tally, or the empty one when what is stored is missing or not a tally. */
export function parseTally(stored: string | null): SessionTally {
  try {
    const value = JSON.parse(stored ?? 'null') as SessionTally;
    const valid =
      Number.isInteger(value.rounds) &&
      value.rounds >= 0 &&
      [value.staked, value.returned, ...value.nets].every((cents) => typeof cents === 'string' && DIGITS.test(cents));
    return valid ? value : EMPTY_TALLY;
  } catch {
    return EMPTY_TALLY;
  }
}
