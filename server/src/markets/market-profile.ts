import * as v from 'valibot';
import { toCents } from '#core/api/money.ts';
import { GAME_MECHANICS } from '#core/games/mechanics.ts';
import { PLAY_FEATURES } from '#core/games/protocol.ts';
import { isCountryCode } from '#core/geo/countries.ts';

/** The markets a deployment can run under (`MARKET`): one data file each, `<code in lower case>.json`. */
export const MARKET_CODES = ['MT', 'GB', 'DE', 'NL', 'CA-ON'] as const;
export type MarketCode = (typeof MARKET_CODES)[number];

/** Every rule names the regulation it follows, so docs/markets.md and an audit can check it. */
const source = v.pipe(v.string(), v.minLength(8, 'must cite the regulation it follows'));
const money = v.pipe(
  v.string(),
  v.check((value) => toCents(value) !== undefined && toCents(value)! > 0n, 'must be an amount such as 5.00'),
);
const mechanic = v.picklist(GAME_MECHANICS, `must be one of ${GAME_MECHANICS.join(', ')}`);
/** `other`: every mechanic the profile does not name, including a provider game of unknown mechanic. */
const cycleKey = v.picklist([...GAME_MECHANICS, 'other'], `must be a mechanic or "other"`);
const age = v.pipe(v.number(), v.integer(), v.minValue(18));

const country = v.pipe(
  v.string(),
  v.check((value: string) => isCountryCode(value), 'must be an ISO 3166-1 alpha-2 code such as GB'),
);

const rule = <T extends v.ObjectEntries>(entries: T) => v.strictObject({ ...entries, source });

export const MarketProfileSchema = v.strictObject({
  code: v.picklist(MARKET_CODES),
  currency: v.pipe(v.string(), v.regex(/^[A-Z]{3}$/, 'must be an ISO 4217 code such as EUR')),
  regulator: v.strictObject({
    name: v.pipe(v.string(), v.minLength(2)),
    url: v.pipe(v.string(), v.url(), v.startsWith('https://')),
  }),
  /** The countries of residence the licence covers: `any` but those `blocked`, or only those listed. */
  residence: rule({
    countries: v.union([v.literal('any'), v.pipe(v.array(country), v.minLength(1))]),
    blocked: v.array(country),
  }),
  /** The national self-exclusion register (GAMSTOP, OASIS, CRUKS) and when it is checked; `null`: none. */
  exclusionRegister: rule({
    name: v.nullable(v.pipe(v.string(), v.minLength(2))),
    atRegistration: v.boolean(),
    atSignIn: v.boolean(),
  }),
  rules: v.strictObject({
    games: rule({ allowed: v.union([v.literal('all'), v.array(mechanic)]) }),
    gameCycle: rule({
      minimumSeconds: v.record(cycleKey, v.pipe(v.number(), v.minValue(0), v.maxValue(60))),
    }),
    stakeCaps: rule({
      caps: v.array(
        v.strictObject({
          mechanics: v.pipe(v.array(mechanic), v.minLength(1)),
          max: money,
          /** From and to this age, both included, from the date of birth the account holds. */
          ages: v.optional(v.tuple([age, age])),
        }),
      ),
    }),
    forbiddenFeatures: rule({ features: v.array(v.picklist(PLAY_FEATURES)) }),
    verificationBeforePlay: rule({ required: v.boolean() }),
    bonusWagering: rule({ maxMultiple: v.nullable(v.pipe(v.number(), v.integer(), v.minValue(1))) }),
    /** The RTP and the chance of the top win shown beside the stake; absent: not asked. */
    oddsAtStake: v.optional(rule({ shown: v.boolean() })),
    /** Net deposits (deposits less withdrawals) in a window that raise a risk alert; absent: no such check. */
    financialVulnerability: v.optional(
      rule({ netDeposits: money, windowDays: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(365)) }),
    ),
    /**
     * Deposit and loss limits: a raise or removal waits at least `raiseDelayHours`; the player is told when a
     * window's use reaches each of `alertsAtPercent`. Absent: RG_COOLING_OFF_HOURS and no alerts.
     */
    limitChanges: v.optional(
      rule({
        raiseDelayHours: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(720)),
        alertsAtPercent: v.array(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(100))),
      }),
    ),
    /** A sign-in ends after this many minutes without a request (the server refuses its token). Absent: none. */
    inactivityTimeout: v.optional(rule({ minutes: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(240)) })),
    /** The longest time between two reality checks: the player's own choice, at most this. Absent: theirs. */
    realityCheck: v.optional(rule({ intervalMinutes: v.pipe(v.number(), v.integer(), v.minValue(5)) })),
    depositLimits: rule({
      atRegistration: v.picklist(['none', 'offered', 'required']),
      monthlyMax: v.nullable(money),
      /** For players aged 18 to 24. */
      monthlyMaxYoung: v.optional(money),
    }),
  }),
});

export type MarketProfile = v.InferOutput<typeof MarketProfileSchema>;

/**
 * The profile from its file's text, or the problems that stop the server ("rules.stakeCaps.caps.0.max must be
 * an amount such as 5.00"). The file must be the profile of the market it is named for.
 */
export function parseMarketProfile(
  code: MarketCode,
  text: string,
): { profile: MarketProfile; problems?: never } | { problems: string[] } {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    return { problems: [`is not JSON: ${(error as Error).message}`] };
  }
  const parsed = v.safeParse(MarketProfileSchema, data);
  if (!parsed.success)
    return {
      problems: parsed.issues.map((issue) => `${v.getDotPath(issue) ?? '(file)'} ${issue.message}`),
    };
  if (parsed.output.code !== code) return { problems: [`code is ${parsed.output.code}, not ${code}`] };
  return { profile: parsed.output };
}
