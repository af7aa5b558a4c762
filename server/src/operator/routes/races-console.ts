import { Hono } from 'hono';
import type { Services } from '../../app-env.ts';
import { InvalidInput } from '../../base/domain-errors.ts';
import type { RaceInput } from '../../services/promotions/races/race-definition.ts';
import { allRaces } from '../../services/promotions/races/race-definition.ts';
import { offerableGames } from '../services/offers.ts';
import { createRaceAsStaff } from '../services/races.ts';
import type { OperatorEnv } from '../operator-env.ts';
import { say } from '../views/messages.ts';
import { csrfField, html, page, problemList, table, when } from '../views/view.ts';
import { createdOrShownAgain, readForm, type FieldRule } from './form.ts';

type Values = Record<string, string>;
type Game = { id: string; name: string };

const CATEGORIES = ['slots', 'table', 'instant'] as const;
const TEXT_FIELDS = ['race_name', 'starts_at', 'ends_at', 'bonus_multiplier'] as const;
const gameField = (id: string) => `game_${id}`;
const categoryField = (category: string) => `category_${category}`;

const rulesFor = (games: Game[]): Record<string, FieldRule> => ({
  race_name: { label: say('races.race_name'), max: 80, required: true },
  starts_at: { label: say('races.starts_at'), max: 16, required: true },
  ends_at: { label: say('races.ends_at'), max: 16, required: true },
  bonus_multiplier: { label: say('races.bonus_multiplier'), max: 3, required: true },
  prizes: { label: say('races.prizes'), max: 4000, required: true, multiline: true },
  ...Object.fromEntries(CATEGORIES.map((category) => [categoryField(category), { label: category, max: 2 }])),
  ...Object.fromEntries(games.map((game) => [gameField(game.id), { label: game.name, max: 2 }])),
});

/** "2026-12-01T18:00" as typed (UTC), or an invalid date the service refuses on its field. */
const utc = (value = '') => new Date(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(value) ? `${value}:00Z` : Number.NaN);

/** The form's text as the service's input: one prize per line, "amount kind" ("100.00 cash", "5.00 bonus"). */
function inputOf(values: Values, games: Game[]): RaceInput {
  return {
    name: values.race_name ?? '',
    startsAt: utc(values.starts_at),
    endsAt: utc(values.ends_at),
    gameIds: games.filter((game) => values[gameField(game.id)]).map((game) => game.id),
    categories: CATEGORIES.filter((category) => values[categoryField(category)]),
    prizes: (values.prizes ?? '')
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean)
      .map((line) => {
        const [amount = '', kind = ''] = line.split(/\s+/);
        return { amount, kind: kind.toLowerCase() };
      }),
    bonusMultiplier: /^\d{1,3}$/.test(values.bonus_multiplier ?? '') ? Number(values.bonus_multiplier) : Number.NaN,
  };
}

/** The service's refusals in the console's words, each linked to its field (the service's `name` is `race_name`). */
const problemsOf = (error: InvalidInput) =>
  Object.keys(error.problems).map((field) => ({
    field: field === 'name' ? 'race_name' : field,
    message: say(`races.problem_${field}`),
  }));

/**
 * Races (issue 41): staff allowed to manage offers create races (a period, eligible games or
 * categories, a prize table) and see each with its entrants and what it paid.
 */
export function racesConsoleRoutes(services: Services) {
  const { db } = services;
  const app = new Hono<OperatorEnv>();

  async function screen(
    c: Parameters<typeof page>[0],
    values: Values,
    problems: { field: string; message: string }[] = [],
  ) {
    const games = await offerableGames(db);
    const created = /^\d{1,9}$/.test(c.req.query('created') ?? '') ? c.req.query('created') : undefined;
    const box = (name: string, label: string) =>
      html`<label><input type="checkbox" name="${name}" value="on"${values[name] ? html` checked` : ''}>
${label}</label>`;
    return page(c, {
      title: say('races.title'),
      staff: c.get('staff'),
      csrf: c.get('csrf'),
      status: problems.length ? 400 : 200,
      notice: created && !problems.length ? say('races.created', { id: created }) : undefined,
      body: html`<p>${say('races.intro')}</p>
<section aria-labelledby="race-form"><h2 id="race-form">${say('races.form_title')}</h2>${problemList(problems)}
<form method="post" action="/operator/races" class="stack">${csrfField(c.get('csrf'))}
${TEXT_FIELDS.map(
  (name) => html`<label for="${name}">${say(`races.${name}`)}</label>
<input id="${name}" name="${name}" value="${values[name] ?? ''}" required${
    name === 'starts_at' || name === 'ends_at'
      ? html` type="datetime-local"`
      : name === 'bonus_multiplier'
        ? html` inputmode="numeric"`
        : ''
  }>`,
)}
<label for="prizes">${say('races.prizes')}</label>
<textarea id="prizes" name="prizes" rows="5" required aria-describedby="prizes-hint">${values.prizes ?? ''}</textarea>
<p id="prizes-hint" class="muted">${say('races.prizes_hint')}</p>
<fieldset id="games"><legend>${say('races.games')}</legend>
${CATEGORIES.map((category) => box(categoryField(category), say(`races.category_${category}`)))}
${games.map((game) => box(gameField(game.id), game.name))}</fieldset>
<button type="submit">${say('races.create')}</button></form></section>
${await raceList()}`,
    });
  }

  app.get('/operator/races', (c) => screen(c, { bonus_multiplier: '1' }));

  app.post('/operator/races', async (c) => {
    const games = await offerableGames(db);
    const values = await readForm(c, rulesFor(games));
    return createdOrShownAgain(
      c,
      '/operator/races',
      () => createRaceAsStaff(services, c.get('staff').id, inputOf(values, games)),
      (problems) => screen(c, values, problems),
      problemsOf,
    );
  });

  async function raceList() {
    const rows = await allRaces(db);
    if (!rows.length) return html`<section><h2>${say('races.list_title')}</h2><p>${say('races.none')}</p></section>`;
    return html`<section><h2>${say('races.list_title')}</h2>${table(
      say('races.list_title'),
      [say('races.race'), say('races.period'), say('races.prizes'), say('races.state')],
      rows.map(
        (row) => html`<tr data-race="${row.id}"><td>${row.name}<br><span class="muted">#${row.id}</span></td>
<td>${when(row.starts_at)} – ${when(row.ends_at)}<br><span class="muted">${row.games.join(', ')}</span></td>
<td>${row.prizes.map((prize) => `${prize.position}. ${prize.amount} ${prize.kind}`).join(' · ')}</td>
<td data-state>${say(row.settled_at ? 'races.state_settled' : 'races.state_open', {
          entrants: row.entrants,
          paid: row.paid,
        })}</td></tr>`,
      ),
    )}</section>`;
  }

  return app;
}
