import { Hono } from 'hono';
import type { Services } from '../../app-env.ts';
import { idParam, readForm, readQuery } from './form.ts';
import { ConsoleError } from '../services/console-error.ts';
import { say } from '../views/messages.ts';
import type { OperatorEnv } from '../operator-env.ts';
import { cells, csrfField, html, money, page, table, when } from '../views/view.ts';
import { addStaffNote, playerProfile } from '../services/player-profile.ts';
import { actionsSection } from './player-actions.ts';
import { depositsSection } from '../views/player-deposits-view.ts';
import { historySection } from '../views/player-history-view.ts';
import { readHistoryQuery } from './player-history-query.ts';
import { riskPanel } from '../views/risk-alerts-view.ts';
import { duplicatesSection, searchPage } from './player-search.ts';
import { countryLabel, fullName } from './player-status.ts';
import { may } from '../permissions.ts';
import { playerFileResponse } from './player-file.ts';
import { sourceOfFundsDocumentForStaff } from '../services/source-of-funds-review.ts';

const DONE = [
  'suspended',
  'reinstated',
  'closed',
  'adjusted',
  'adjustment_waiting',
  'adjustment_declined',
  'bonus',
  'limit',
  'time_out',
  'interaction',
  'sessions_ended',
  'two_factor_removed',
  'email_change',
  'charged_back',
  'refunded',
  'hold_released',
  'round_voided',
  'sof_requested',
  'sof_reviewed',
];

/** The result line after an action on the player (`?done=`); unknown values show nothing. */
const doneNotice = (value: string | undefined) =>
  value && DONE.includes(value) ? say(`actions.done_${value}`) : undefined;

/** The lifetime figures at the top of the player page, in this order. */
const LIFETIME = ['deposits', 'withdrawals', 'net', 'ggr', 'bonus_cost'] as const;

/** After a bare number opened the player by id: its other matches are a link away. */
const openedByIdNotice = (id: number, query: string) =>
  query
    ? html`${say('search.opened_by_id', { id })}
<a href="/operator/players?q=${encodeURIComponent(query)}&amp;partial=1">${say('search.other_matches', { query })}</a>`
    : undefined;

/** Player lookup by email or username, and one player's whole picture; notes may be added (never changed). */
export function playerRoutes(services: Services) {
  const app = new Hono<OperatorEnv>();

  app.get('/operator/players', async (c) => {
    const query = readQuery(c, 'q', { label: say('players.query'), max: 254 });
    const staff = c.get('staff');
    const csrf = c.get('csrf');
    const form = html`<form method="get" action="/operator/players" class="inline" role="search">
<label for="q">${say('players.query')}</label>
<input id="q" name="q" type="search" value="${query}" required maxlength="254" aria-describedby="q-hint">
<p id="q-hint" class="muted">${say('search.hint')}</p>
<button type="submit">${say('players.search')}</button></form>`;
    if (!query) return page(c, { title: say('players.title'), staff, csrf, body: form });
    return searchPage(c, services, query, form);
  });

  app.get('/operator/players/:id', async (c) => {
    const id = idParam(c.req.param('id'));
    const { query: historyQuery, filters: historyFilters } = readHistoryQuery(c);
    const profile = await playerProfile(services, c.get('staff').id, id, historyQuery);
    if (!profile) throw new ConsoleError(404, say('errors.not_found'));
    const { player, history, games, limits, sessions, verifications, notes, pending, interactions, riskAlerts } =
      profile;
    const { lifetime, ageDays, deposits, resumed, linked, sourceOfFunds, sofDocuments } = profile;
    const staff = c.get('staff');
    const csrf = c.get('csrf');
    const cur = player.currency;
    const section = (title: string, content: unknown) => html`<section><h2>${title}</h2>${content}</section>`;
    return page(c, {
      title: say('players.profile_title', { username: player.username }),
      staff,
      csrf,
      notice: c.req.query('noted')
        ? say('players.note_added')
        : (doneNotice(c.req.query('done')) ??
          openedByIdNotice(id, readQuery(c, 'by_id', { label: 'by_id', max: 254 }))),
      body: html`<dl class="facts" data-overview>
<dt>${say('players.name')}</dt><dd data-fact="name">${fullName(player) || say('players.not_given')}</dd>
<dt>${say('players.date_of_birth')}</dt><dd data-fact="date_of_birth">${
        player.date_of_birth ?? say('players.not_given')
      }</dd>
<dt>${say('players.country')}</dt><dd data-fact="country">${countryLabel(player.country)}</dd>
<dt>${say('players.account_age')}</dt><dd data-fact="account_age">${say('players.age_days', { days: ageDays })}</dd>
${LIFETIME.map(
  (figure) =>
    html`<dt>${say(`players.lifetime_${figure}`)}</dt><dd data-fact="${figure}">${money(lifetime[figure], cur)}</dd>`,
)}
</dl>
<dl class="facts">
<dt>${say('players.email')}</dt><dd>${player.email}</dd>
<dt>${say('players.username')}</dt><dd>${player.username}</dd>
<dt>${say('players.joined')}</dt><dd>${when(player.date_joined)}</dd>
<dt>${say('players.language')}</dt><dd>${player.locale}</dd>
<dt>${say('players.balance')}</dt><dd data-balance>${money(player.balance, cur)}</dd>
<dt>${say('players.bonus_balance')}</dt><dd>${money(player.bonus_balance, cur)}</dd>
</dl>
${actionsSection(player, staff, csrf, pending, interactions, services.config.operator.adjustmentSecondApproval)}
${depositsSection(player, deposits, staff, csrf)}
${section(
  say('risk.panel'),
  riskPanel(
    { alerts: riskAlerts, linked, lifetime, interactions, currency: cur, sourceOfFunds, sofDocuments },
    { id, csrf, mayWork: may(staff, 'risk.work') },
  ),
)}
${section(
  say('players.blocks'),
  html`<dl class="facts">
<dt>${say('players.time_out')}</dt><dd>
${player.time_out_until ? when(player.time_out_until) : say('players.not_set')}</dd>
<dt>${say('players.self_exclusion')}</dt>
<dd>${player.self_excluded_until ? when(player.self_excluded_until) : say('players.not_set')}</dd>
</dl>`,
)}
${section(
  say('players.limits'),
  limits.length
    ? table(
        say('players.limits'),
        [
          say('players.limit_kind'),
          say('players.limit_period'),
          say('players.limit_amount'),
          say('players.limit_pending'),
        ],
        limits.map(
          (row) =>
            html`<tr>${cells(
              row.kind,
              row.period,
              row.amount ? money(row.amount, cur) : say('players.not_set'),
              row.pending_at
                ? `${row.pending_amount ? money(row.pending_amount, cur) : say('players.not_set')} ` +
                    `(${when(row.pending_at)})`
                : '',
            )}</tr>`,
        ),
      )
    : html`<p>${say('players.limits_empty')}</p>`,
)}
${section(
  say('players.verification'),
  verifications.length
    ? table(
        say('players.verification'),
        [say('verifications.submitted'), say('verifications.type'), say('verifications.status')],
        verifications.map(
          (row) =>
            html`<tr><td><a href="/operator/verifications/${row.id}">${when(row.submitted_at)}</a></td>
<td>${say(`verifications.type_${row.document_type}`)}</td>
<td>${say(`status.${row.status}`)}${row.reason ? html` (${row.reason})` : ''}</td></tr>`,
        ),
      )
    : html`<p>${say('players.verification_empty')}</p>`,
)}
${section(
  say('players.sessions'),
  sessions.length
    ? table(
        say('players.sessions'),
        [say('players.device'), say('players.address'), say('players.signed_in'), say('players.last_used')],
        sessions.map(
          (row) =>
            html`<tr><td>${row.device || say('players.unknown_device')}</td><td>${row.ip}</td>
<td>${when(row.created_at)}</td><td>${when(row.last_used_at)}</td></tr>`,
        ),
      )
    : html`<p>${say('players.sessions_empty')}</p>`,
)}
${section(
  say('players.resumed'),
  resumed.length
    ? table(
        say('players.resumed'),
        [say('players.date'), say('players.resumed_game'), say('players.resumed_round')],
        resumed.map(
          (row) =>
            html`<tr data-resumed="${row.round_id}"><td>${when(row.resumed_at)}</td><td>${row.game_id}</td>
<td>${row.round_id}</td></tr>`,
        ),
      )
    : html`<p>${say('players.resumed_empty')}</p>`,
)}
${await duplicatesSection(services, id)}
<p class="export"><a href="/operator/players/${id}/history.csv" download>${say('players.history_csv')}</a></p>
${historySection(
  id,
  { history, filters: historyFilters, games, fromCursor: historyQuery.before !== null || historyQuery.after !== null },
  staff,
  csrf,
  cur,
)}
${section(
  say('players.notes'),
  html`${
    notes.length
      ? html`<ul class="notes">${notes.map(
          (note) =>
            html`<li><p class="note">${note.body}</p>
<p class="muted">${say('players.note_by')} ${note.email}, ${when(note.created_at)}</p></li>`,
        )}</ul>`
      : html`<p>${say('players.notes_empty')}</p>`
  }
<form method="post" action="/operator/players/${id}/notes" class="stack">${csrfField(csrf)}
<label for="note">${say('players.note')}</label>
<textarea id="note" name="body" required maxlength="2000" rows="3"></textarea>
<button type="submit">${say('players.add_note')}</button></form>`,
)}`,
    });
  });

  // Support and admin alike may add notes.
  app.get('/operator/players/:id/source-of-funds/documents/:document', async (c) => {
    const id = idParam(c.req.param('id'));
    const document = idParam(c.req.param('document'));
    const doc = await sourceOfFundsDocumentForStaff(services, c.get('staff').id, id, document);
    if (!doc) throw new ConsoleError(404, say('errors.not_found'));
    return playerFileResponse(c, doc, `source-of-funds-${document}`);
  });

  app.post('/operator/players/:id/notes', async (c) => {
    const id = idParam(c.req.param('id'));
    const { body } = await readForm(c, {
      body: { label: say('players.note'), max: 2000, required: true, multiline: true },
    });
    const added = await addStaffNote(services, c.get('staff').id, id, body);
    if (!added) throw new ConsoleError(404, say('errors.not_found'));
    return c.redirect(`/operator/players/${id}?noted=1`, 303);
  });

  return app;
}
