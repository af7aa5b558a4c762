import type { RgPeriod } from '#core/api/contract.ts';
import { fromCents, toCents } from '#core/api/money.ts';
import { formatMoney } from '#core/i18n/money-format.ts';
import type { Locale } from '#core/i18n/locales.ts';
import type { Services } from '../../app-env.ts';
import { InvalidInput } from '../../base/domain-errors.ts';
import type { MarketProfile } from '../../markets/market-profile.ts';
import { ageOn } from './market-rules.ts';

/** The youngest age band's last year: `monthlyMaxYoung` is for players aged 18 to 24. */
const YOUNG_UNTIL = 24;

/**
 * The largest monthly deposit limit the market allows this player without an affordability review, in cents
 * (NL: €700, €300 aged 18–24; DE: €1,000); undefined where the market sets none. A player without a date of birth
 * gets the young ceiling: the lower one is the safe side.
 */
export function monthlyDepositCeiling(profile: MarketProfile, dateOfBirth: string | null, now: Date) {
  const { monthlyMax, monthlyMaxYoung } = profile.rules.depositLimits;
  if (monthlyMaxYoung && (dateOfBirth === null || ageOn(dateOfBirth, now) <= YOUNG_UNTIL))
    return toCents(monthlyMaxYoung);
  return monthlyMax === null ? undefined : toCents(monthlyMax);
}

interface Ask {
  profile: MarketProfile;
  dateOfBirth: string | null;
  now: Date;
  currency: string;
  locale: Locale;
}

/** A monthly limit above the ceiling (or none, where there is a ceiling) is refused under `field`, with the ceiling. */
function refuseAboveCeiling(ask: Ask, field: string, cents: bigint | undefined) {
  const ceiling = monthlyDepositCeiling(ask.profile, ask.dateOfBirth, ask.now);
  if (ceiling === undefined || (cents !== undefined && cents <= ceiling)) return;
  throw InvalidInput.of(field, 'market.deposit_limit_above_ceiling', {
    regulator: ask.profile.regulator.name,
    max: formatMoney(fromCents(ceiling), ask.currency, ask.locale),
  });
}

/**
 * The deposit limit a registration brings (`deposit_limit`, monthly): required where the profile says so, and at
 * most the market's ceiling for the player's age.
 */
export function admitRegistrationLimit(ask: Ask, cents: bigint | undefined): void {
  const rule = ask.profile.rules.depositLimits;
  if (cents === undefined && rule.atRegistration === 'required')
    throw InvalidInput.of('deposit_limit', 'market.deposit_limit_required', { regulator: ask.profile.regulator.name });
  if (cents !== undefined) refuseAboveCeiling(ask, 'deposit_limit', cents);
}

/** A later change: a monthly deposit limit raised above the ceiling, or removed where there is one, is refused. */
export function admitLimitChanges(
  ask: Ask,
  changes: readonly { kind: 'deposit' | 'loss'; period: RgPeriod; cents: bigint | undefined }[],
): void {
  for (const change of changes)
    if (change.kind === 'deposit' && change.period === 'month')
      refuseAboveCeiling(ask, 'deposit_limits.month', change.cents);
}

/** `admitLimitChanges` for a signed-in player, with the date of birth and currency the account holds. */
export async function admitPlayerLimitChanges(
  services: Pick<Services, 'db' | 'config' | 'clock'>,
  player: { userId: number; locale: Locale },
  changes: Parameters<typeof admitLimitChanges>[1],
): Promise<void> {
  const { profile } = services.config.market;
  if (profile.rules.depositLimits.monthlyMax === null && !profile.rules.depositLimits.monthlyMaxYoung) return;
  const [row] = await services.db.query<{ date_of_birth: string | null; currency: string }>(
    'SELECT date_of_birth::text, currency FROM users WHERE id = $1',
    [player.userId],
  );
  admitLimitChanges(
    { profile, dateOfBirth: row!.date_of_birth, now: services.clock(), currency: row!.currency, locale: player.locale },
    changes,
  );
}
