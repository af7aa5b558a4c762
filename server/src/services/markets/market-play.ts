import { fromCents } from '#core/api/money.ts';
import { formatMoney } from '#core/i18n/money-format.ts';
import { localizedPath } from '#core/i18n/urls.ts';
import type { Locale } from '#core/i18n/locales.ts';
import type { Services } from '../../app-env.ts';
import type { Queryable } from '../../db/database.ts';
import type { MarketProfile } from '../../markets/market-profile.ts';
import { isVerifiedSql } from '../verifications.ts';
import { cycleRefusal, marketOffers, minimumCycleMs, needsPlayerFacts, stakeCapRefusal } from './market-rules.ts';

/** Why the market's rules refuse a launch or a stake: the answer's `error`, then the message key and its values. */
export type MarketRefusalCode = 'too_fast' | 'limit_reached' | 'verification_required' | 'game_not_offered';

export interface MarketVerdict {
  code: MarketRefusalCode;
  key: string;
  params: Record<string, string>;
  /** Where the player can put it right (verification), absolute. */
  link?: string;
}

interface PlayerFacts {
  date_of_birth: string | null;
  verified: boolean | null;
}

const playerFacts = async (db: Queryable, userId: number) =>
  (
    await db.query<PlayerFacts>(
      `SELECT date_of_birth::text, ${isVerifiedSql('u.id')} AS verified FROM users u WHERE u.id = $1`,
      [userId],
    )
  )[0]!;

/** Facts no rule reads: a market without verification before play or an age cap for the mechanic. */
const NO_FACTS: PlayerFacts = { date_of_birth: null, verified: null };

const regulatorOf = (profile: MarketProfile) => ({ regulator: profile.regulator.name });

function verificationVerdict(services: Services, facts: PlayerFacts, locale: Locale): MarketVerdict | undefined {
  const { profile } = services.config.market;
  if (!profile.rules.verificationBeforePlay.required || facts.verified) return undefined;
  return {
    code: 'verification_required',
    key: 'market.verification_required',
    params: regulatorOf(profile),
    link: `${services.config.siteUrl}${localizedPath('/profile', locale)}#verification`,
  };
}

/** A real-money launch under the market's rules: the game offered here, the player verified where asked. */
export async function marketLaunchVerdict(
  services: Services,
  launch: { userId: number | null; mechanic: string; locale: Locale },
): Promise<MarketVerdict | undefined> {
  const { profile } = services.config.market;
  if (!marketOffers(profile, launch.mechanic))
    return { code: 'game_not_offered', key: 'market.game_not_offered', params: regulatorOf(profile) };
  if (launch.userId === null) return undefined;
  return verificationVerdict(services, await playerFacts(services.db, launch.userId), launch.locale);
}

export interface MarketStake {
  userId: number;
  mechanic: string;
  cents: bigint;
  /**
   * When the player's previous round of this game started (null: none, or this stake adds to an open round);
   * read only where the market counts a game cycle for the mechanic, so other markets pay no statement for it.
   */
  previousStart: () => Promise<Date | null>;
  now: Date;
  currency: string;
  locale: Locale;
}

/**
 * A real-money stake under the market's rules: the game offered here, the player verified where asked, the
 * game cycle (RTS 14, GlüStV §22a) since the previous round's start, and the stake caps by mechanic and age.
 * Called under the player's row lock, so two parallel rounds cannot both pass the cycle check.
 */
export async function marketStakeVerdict(
  services: Services,
  tx: Queryable,
  stake: MarketStake,
): Promise<MarketVerdict | undefined> {
  const { profile } = services.config.market;
  const regulator = regulatorOf(profile);
  if (!marketOffers(profile, stake.mechanic))
    return { code: 'game_not_offered', key: 'market.game_not_offered', params: regulator };
  // The player's facts and the previous round cost a statement each: read only where a rule needs them.
  const facts = needsPlayerFacts(profile, stake.mechanic) ? await playerFacts(tx, stake.userId) : NO_FACTS;
  const unverified = verificationVerdict(services, facts, stake.locale);
  if (unverified) return unverified;
  const previous = minimumCycleMs(profile, stake.mechanic) > 0 ? await stake.previousStart() : null;
  const seconds = cycleRefusal(profile, stake.mechanic, previous, stake.now);
  if (seconds !== undefined) {
    const wait = new Intl.NumberFormat(stake.locale).format(seconds);
    return { code: 'too_fast', key: 'market.too_fast', params: { ...regulator, seconds: wait } };
  }
  const cap = stakeCapRefusal(profile, stake.mechanic, stake.cents, facts.date_of_birth, stake.now);
  if (!cap) return undefined;
  const max = formatMoney(fromCents(cap.cents), stake.currency, stake.locale);
  return {
    code: 'limit_reached',
    key: cap.ages ? 'market.stake_cap_age' : 'market.stake_cap',
    params: { ...regulator, max, ...(cap.ages ? { from: String(cap.ages[0]), to: String(cap.ages[1]) } : {}) },
  };
}
