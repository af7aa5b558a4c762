import { Hono } from 'hono';
import type { Services } from '../../app-env.ts';
import { InvalidInput } from '../../base/domain-errors.ts';
import type { DepositMatchInput } from '../../services/promotions/offers.ts';
import {
  cashbackOverview,
  createCashbackAsStaff,
  createOfferAsStaff,
  offerableGames,
  offerOverview,
} from '../services/offers.ts';
import type { OperatorEnv } from '../operator-env.ts';
import { say } from '../views/messages.ts';
import { csrfField, html, page, problemList, table, when } from '../views/view.ts';
import { createdOrShownAgain, readForm, type FieldRule } from './form.ts';

type Game = { id: string; name: string; rtp: string };
type Values = Record<string, string>;

const FIELDS = ['name', 'match_percent', 'cap', 'wagering_multiple', 'max_stake', 'expiry_days'] as const;
const gameField = (id: string) => `game_${id}`;
const CASHBACK_FIELDS = ['cashback_name', 'cashback_percent', 'period_days'] as const;
const CASHBACK_RULES = {
  cashback_name: { label: say('offers.cashback_name'), max: 80, required: true },
  cashback_percent: { label: say('offers.cashback_percent'), max: 4, required: true },
  period_days: { label: say('offers.period_days'), max: 4, required: true },
};

const rulesFor = (games: Game[]): Record<string, FieldRule> => ({
  name: { label: say('offers.name'), max: 80, required: true },
  match_percent: { label: say('offers.match_percent'), max: 4, required: true },
  cap: { label: say('offers.cap'), max: 14, required: true },
  wagering_multiple: { label: say('offers.wagering_multiple'), max: 4, required: true },
  max_stake: { label: say('offers.max_stake'), max: 14, required: true },
  expiry_days: { label: say('offers.expiry_days'), max: 4, required: true },
  ...Object.fromEntries(
    games.map((game) => [gameField(game.id), { label: say('offers.game_contribution', game), max: 3 }]),
  ),
});

/** A typed whole number, or NaN (the service refuses it on its field). */
const whole = (value = '') => (/^\d{1,6}$/.test(value) ? Number(value) : Number.NaN);

/** The form's text as the service's input: the games given a contribution, the rest left out. */
function inputOf(values: Values, games: Game[]): DepositMatchInput {
  return {
    name: values.name!,
    matchPercent: whole(values.match_percent),
    cap: values.cap!,
    wageringMultiple: whole(values.wagering_multiple),
    maxStake: values.max_stake!,
    expiryDays: whole(values.expiry_days),
    games: Object.fromEntries(
      games.filter((game) => values[gameField(game.id)]).map((game) => [game.id, whole(values[gameField(game.id)])]),
    ),
  };
}

/** The service's refusals in the console's words, each linked to its field. */
function problemsOf(error: InvalidInput) {
  return Object.entries(error.problems).flatMap(([field, problems]) =>
    problems.map(({ key, params }) => {
      const anchor = field === 'maxStake' ? 'max_stake' : field;
      const message =
        key === 'promotions.wagering_above_market_cap'
          ? say('actions.refused_wagering_above_market_cap', params as Record<string, string | number>)
          : say(`offers.problem_${key}`, { field: say(`offers.${anchor}`) });
      return { field: anchor, message };
    }),
  );
}

/**
 * Offers (issue 41): admins create deposit matches through the promotions service and its checks
 * (the market's wagering cap refused on the form) and see every offer with its expected cost and
 * how many players took it (permission `offers.manage`: admins and marketing).
 */
export function offersConsoleRoutes(services: Services) {
  const { db } = services;
  const app = new Hono<OperatorEnv>();

  async function screen(
    c: Parameters<typeof page>[0],
    values: Values,
    problems: { field: string; message: string }[] = [],
    cashbackProblems: { field: string; message: string }[] = [],
  ) {
    const games = await offerableGames(db);
    const { code, rules } = services.config.market.profile;
    const cap = rules.bonusWagering.maxMultiple;
    const created = /^\d{1,9}$/.test(c.req.query('created') ?? '') ? c.req.query('created') : undefined;
    return page(c, {
      title: say('offers.title'),
      staff: c.get('staff'),
      csrf: c.get('csrf'),
      status: problems.length || cashbackProblems.length ? 400 : 200,
      notice:
        created && !problems.length && !cashbackProblems.length ? say('offers.created', { id: created }) : undefined,
      body: html`<p>${say('offers.intro')}</p>
<section aria-labelledby="offer-form"><h2 id="offer-form">${say('offers.form_title')}</h2>${problemList(problems)}
<form method="post" action="/operator/offers" class="stack">${csrfField(c.get('csrf'))}
${FIELDS.map((name) => field(name, values[name] ?? ''))}
<p id="wagering_multiple-hint" class="muted">${
        cap === null ? say('offers.wagering_no_cap') : say('offers.wagering_cap_hint', { cap, market: code })
      }</p>
<fieldset id="games"><legend>${say('offers.games')}</legend>${games.map(
        (game) => html`<label for="${gameField(game.id)}">${say('offers.game_contribution', game)}</label>
<input id="${gameField(game.id)}" name="${gameField(game.id)}" inputmode="numeric" size="4" value="${
          values[gameField(game.id)] ?? ''
        }">`,
      )}</fieldset>
<button type="submit">${say('offers.create')}</button></form></section>
${await offerList()}
<section aria-labelledby="cashback-form"><h2 id="cashback-form">${say('offers.cashback_title')}</h2>
<p>${say('offers.cashback_intro')}</p>${problemList(cashbackProblems)}
<form method="post" action="/operator/offers/cashback" class="stack">${csrfField(c.get('csrf'))}
${CASHBACK_FIELDS.map((name) => field(name, values[name] ?? ''))}
<button type="submit">${say('offers.cashback_create')}</button></form></section>
${await cashbackList()}`,
    });
  }

  app.get('/operator/offers', (c) => screen(c, {}));

  app.post('/operator/offers', async (c) => {
    const games = await offerableGames(db);
    const values = await readForm(c, rulesFor(games));
    return createdOrShownAgain(
      c,
      '/operator/offers',
      () => createOfferAsStaff(services, c.get('staff').id, inputOf(values, games)),
      (problems) => screen(c, values, problems),
      problemsOf,
    );
  });

  app.post('/operator/offers/cashback', async (c) => {
    const values = await readForm(c, CASHBACK_RULES);
    const input = {
      name: values.cashback_name,
      percent: whole(values.cashback_percent),
      periodDays: whole(values.period_days),
    };
    return createdOrShownAgain(
      c,
      '/operator/offers',
      () => createCashbackAsStaff(services, c.get('staff').id, input),
      (problems) => screen(c, values, [], problems),
      problemsOf,
    );
  });

  async function cashbackList() {
    const rows = await cashbackOverview(db);
    if (!rows.length) return html`<p>${say('offers.cashback_none')}</p>`;
    return table(
      say('offers.cashback_list'),
      [say('offers.offer'), say('offers.terms'), say('offers.cashback_paid_head')],
      rows.map(
        (row) => html`<tr data-cashback="${row.id}"><td>${row.name}<br><span class="muted">#${row.id}</span></td>
<td>${say('offers.cashback_terms', { percent: row.percent, days: row.period_days })}</td>
<td data-paid>${say('offers.cashback_paid', { payouts: row.payouts, paid: row.paid })}</td></tr>`,
      ),
    );
  }

  async function offerList() {
    const rows = await offerOverview(db);
    if (!rows.length) return html`<section><h2>${say('offers.list_title')}</h2><p>${say('offers.none')}</p></section>`;
    return html`<section><h2>${say('offers.list_title')}</h2>${table(
      say('offers.list_title'),
      [say('offers.offer'), say('offers.terms'), say('offers.expected_cost'), say('offers.state')],
      rows.map(offerRow),
    )}</section>`;
  }

  return app;
}

type OfferOverview = Awaited<ReturnType<typeof offerOverview>>[number];

/** An offer's row: its name, terms, expected cost at the cap, and its takers by state. */
function offerRow({ id, created_at, terms, ...counts }: OfferOverview) {
  const summary = say('offers.terms_value', {
    percent: terms.match_percent,
    cap: terms.cap,
    multiple: terms.wagering_multiple,
    max_stake: terms.max_stake,
    days: terms.expiry_days,
  });
  return html`<tr data-offer="${id}"><td>${terms.name}<br><span class="muted">#${id}, ${when(created_at)}</span></td>
<td>${summary}</td><td data-expected-cost>${terms.expected_cost}</td>
<td data-state>${say('offers.state_value', counts)}</td></tr>`;
}

/** One labelled text field; the wagering multiple points at the market's cap below the fields. */
function field(name: (typeof FIELDS)[number] | (typeof CASHBACK_FIELDS)[number], value: string) {
  const numeric =
    name === 'name' || name === 'cashback_name'
      ? ''
      : html` inputmode="${name.endsWith('stake') || name === 'cap' ? 'decimal' : 'numeric'}"`;
  const hint = name === 'wagering_multiple' ? html` aria-describedby="wagering_multiple-hint"` : '';
  return html`<label for="${name}">${say(`offers.${name}`)}</label>
<input id="${name}" name="${name}" value="${value}" required${numeric}${hint}>`;
}
