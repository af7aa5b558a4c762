import { toCents } from '#core/api/money.ts';
import type { MarketProfile } from '../../markets/market-profile.ts';

/**
 * The market profile's rules as plain decisions (docs/markets.md): no database, no clock of their own,
 * so the wallet, our own games and the catalogue all decide the same way.
 */

/** Whether the market offers a game of this mechanic (a provider game of no stated mechanic: only under "all"). */
export function marketOffers(profile: MarketProfile, mechanic: string): boolean {
  const { allowed } = profile.rules.games;
  return allowed === 'all' || (allowed as readonly string[]).includes(mechanic);
}

/**
 * The mechanics the market offers, as a SQL parameter for `offeredSql`: a JSON list, or null for all of them.
 */
export const offeredMechanicsParam = (profile: MarketProfile): string | null =>
  profile.rules.games.allowed === 'all' ? null : JSON.stringify(profile.rules.games.allowed);

/** A condition true for a row whose `column` is a mechanic the market offers; `param` holds `offeredMechanicsParam`. */
export const offeredSql = (column: string, param: string) =>
  `(${param}::text IS NULL OR ${column} IN (SELECT jsonb_array_elements_text(${param}::jsonb)))`;

/** The least time in milliseconds between the starts of two rounds of one game (0: none). */
export function minimumCycleMs(profile: MarketProfile, mechanic: string): number {
  const seconds = profile.rules.gameCycle.minimumSeconds as Partial<Record<string, number>>;
  return Math.round((seconds[mechanic] ?? seconds.other ?? 0) * 1000);
}

/** A round starting at `now` after one that started at `previous` is too soon: the minimum in seconds. */
export function cycleRefusal(
  profile: MarketProfile,
  mechanic: string,
  previous: Date | null,
  now: Date,
): number | undefined {
  const minimum = minimumCycleMs(profile, mechanic);
  if (minimum === 0 || previous === null) return undefined;
  return now.getTime() - previous.getTime() < minimum ? minimum / 1000 : undefined;
}

/** Whole years from a `YYYY-MM-DD` date of birth to `now`, by the calendar date in UTC. */
export function ageOn(dateOfBirth: string, now: Date): number {
  const [year, month, day] = dateOfBirth.split('-').map(Number) as [number, number, number];
  const birthdayPassed = now.getUTCMonth() + 1 > month || (now.getUTCMonth() + 1 === month && now.getUTCDate() >= day);
  return now.getUTCFullYear() - year - (birthdayPassed ? 0 : 1);
}

/** Whether a stake on the mechanic needs the player's verification or age under the profile. */
export function needsPlayerFacts(profile: MarketProfile, mechanic: string): boolean {
  if (profile.rules.verificationBeforePlay.required) return true;
  const caps = profile.rules.stakeCaps.caps;
  return caps.some((cap) => cap.ages && (cap.mechanics as readonly string[]).includes(mechanic));
}

export interface StakeCap {
  cents: bigint;
  /** The ages the cap is for, when it is an age's. */
  ages?: readonly [number, number];
}

/**
 * The lowest cap that applies to a round of this mechanic for a player of this date of birth, when the stake
 * is above it. A player without a date of birth gets the age caps too: the lower cap is the safe side.
 */
export function stakeCapRefusal(
  profile: MarketProfile,
  mechanic: string,
  stakeCents: bigint,
  dateOfBirth: string | null,
  now: Date,
): StakeCap | undefined {
  const age = dateOfBirth === null ? undefined : ageOn(dateOfBirth, now);
  let lowest: StakeCap | undefined;
  for (const cap of profile.rules.stakeCaps.caps) {
    if (!(cap.mechanics as readonly string[]).includes(mechanic)) continue;
    if (cap.ages && age !== undefined && (age < cap.ages[0] || age > cap.ages[1])) continue;
    const cents = toCents(cap.max)!;
    if (!lowest || cents < lowest.cents) lowest = { cents, ages: cap.ages };
  }
  return lowest && stakeCents > lowest.cents ? lowest : undefined;
}
