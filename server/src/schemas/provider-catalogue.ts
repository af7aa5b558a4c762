/**
 * A provider's catalogue, `GET {base}/v1/games` (docs/provider-api.md): checked field by field
 * before anything is stored, so one bad game refuses the whole refresh with a message naming it.
 * Fields the document does not define are ignored (a provider may publish more).
 */
import * as v from 'valibot';

/** Printable ASCII, 1 to 255 characters, as the wallet API's ids (provider_games.game_id). */
const ID = /^[\x21-\x7e]{1,255}$/;
/** A percent above 0 and at most 100 with up to two decimals: "96.50". */
const RTP = /^(?:100(?:\.0{1,2})?|[1-9]?\d(?:\.\d{1,2})?)$/;
/** A locale code such as `en`, `pt-BR`. */
const LOCALE = /^[a-z]{2,3}(?:-[A-Za-z0-9]{2,8})*$/;
/** 999,999,999,999.99 in minor units: the largest amount NUMERIC(14,2) holds. */
const MAX_CENTS = 99_999_999_999_999;

const minorUnits = v.pipe(
  v.number('must be an integer in minor units'),
  v.integer('must be an integer in minor units'),
  v.minValue(0, 'must not be negative'),
  v.maxValue(MAX_CENTS, 'is too large'),
);
const gameName = v.pipe(v.string('must be text'), v.trim(), v.minLength(1, 'must not be empty'), v.maxLength(200));

const catalogueGame = v.pipe(
  v.object({
    id: v.pipe(v.string('must be text'), v.regex(ID, 'must be 1 to 255 printable ASCII characters')),
    name: gameName,
    names: v.optional(v.record(v.pipe(v.string(), v.regex(LOCALE, 'must be a locale code')), gameName), {}),
    category: v.picklist(['slots', 'table', 'instant'], 'must be slots, table or instant'),
    mechanic: v.pipe(v.string('must be text'), v.maxLength(64)),
    rtp: v.pipe(
      v.string('must be a percent as a decimal string such as "96.50"'),
      v.regex(RTP, 'must be a percent as a decimal string such as "96.50"'),
    ),
    volatility: v.nullable(v.picklist(['low', 'medium', 'high'], 'must be low, medium, high or null')),
    min_bet: minorUnits,
    max_bet: minorUnits,
    image: v.pipe(v.string('must be a URL'), v.url('must be a URL'), v.regex(/^https?:/i, 'must be an http(s) URL')),
    demo: v.boolean('must be true or false'),
  }),
  v.check((game) => game.max_bet >= game.min_bet, 'max_bet must not be below min_bet'),
);

export const providerCatalogue = v.object({
  games: v.pipe(v.array(catalogueGame, 'must be a list'), v.maxLength(5000)),
});

export type CatalogueGame = v.InferOutput<typeof catalogueGame>;

/** The first problem of a refused catalogue as one line: `games[2].rtp must be a percent …`. */
export function catalogueProblem(issues: v.BaseIssue<unknown>[]): string {
  const issue = issues[0]!;
  const path = (issue.path ?? [])
    .map((item) => (typeof item.key === 'number' ? `[${item.key}]` : `.${String(item.key)}`))
    .join('')
    .replace(/^\./, '');
  return path ? `${path} ${issue.message}` : issue.message;
}
