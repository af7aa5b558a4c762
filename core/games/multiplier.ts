// A multiplier the player types (crash's auto cash-out, limbo's target): two decimals, read in
// exact hundredths so no float ever decides a payout.
const MULTIPLIER = /^(\d{1,7})\.(\d{2})$/;

/** "2.50" → 250 when it has exactly two decimals and lies within [min, max] hundredths, else undefined. */
export function multiplierHundredths(value: unknown, min: number, max: number): number | undefined {
  if (typeof value !== 'string') return undefined;
  const match = MULTIPLIER.exec(value);
  if (!match) return undefined;
  const hundredths = Number(match[1]) * 100 + Number(match[2]);
  return hundredths >= min && hundredths <= max ? hundredths : undefined;
}
