import type { Staff } from '../operator-env.ts';
import { describeTransaction } from '../../services/texts.ts';
import { HISTORY_KINDS, type HistoryPage } from '../services/player-history.ts';
import { say } from './messages.ts';
import { roundVoidCell } from './round-void-view.ts';
import { raw } from 'hono/html';
import { html, money, table, when as at } from './view.ts';

/** The history's filters as typed (for the form and the links that keep them). */
export interface HistoryFilters {
  kind: string;
  from: string;
  to: string;
  game: string;
}

/** A history page's link: the player page with the filters kept and a cursor, ending at the history. */
export function historyLink(
  playerId: number,
  filters: HistoryFilters,
  cursor: { before?: number; after?: number } = {},
) {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries({ ...filters, ...cursor })) if (value) query.set(name, String(value));
  const text = query.toString();
  return `/operator/players/${playerId}${text ? `?${text}` : ''}#history`;
}

const option = (value: string, label: string, chosen: string) =>
  html`<option value="${value}"${value === chosen ? html` selected` : ''}>${label}</option>`;

/** The filter form (GET, so a filtered page is a link); a new filter starts from the newest page. */
function filterForm(playerId: number, filters: HistoryFilters, games: { id: string; name: string }[]) {
  return html`<form method="get" action="/operator/players/${playerId}#history" class="inline" data-history-filter
aria-label="${say('history.filter')}">
<label for="history-kind">${say('history.kind')}</label>
<select id="history-kind" name="kind">${option('', say('history.kind_all'), filters.kind)}${Object.keys(
    HISTORY_KINDS,
  ).map((kind) => option(kind, say(`history.kind_${kind}`), filters.kind))}</select>
<label for="history-from">${say('history.from')}</label>
<input id="history-from" name="from" type="date" value="${filters.from}">
<label for="history-to">${say('history.to')}</label>
<input id="history-to" name="to" type="date" value="${filters.to}">
<label for="history-game">${say('history.game')}</label>
<select id="history-game" name="game">${option('', say('history.game_all'), filters.game)}${games.map((game) =>
    option(game.id, game.name === game.id ? game.id : `${game.name} (${game.id})`, filters.game),
  )}</select>
<button type="submit">${say('history.apply')}</button>
<a href="/operator/players/${playerId}#history">${say('history.clear')}</a></form>`;
}

/** One pager link when `shown`; `attribute` is a fixed string of this file, never user text. */
const when = (shown: unknown, href: string, attribute: string, label: string) =>
  shown ? html`<li><a href="${href}" ${raw(attribute)}>${say(label)}</a></li>` : '';

/** "Newest" / "Newer" / "Older" links, each keeping the filters. */
function historyPager(playerId: number, filters: HistoryFilters, history: HistoryPage, fromCursor: boolean) {
  return html`<nav class="pager" aria-label="${say('history.pages')}" data-history-pager><ul>
${when(fromCursor, historyLink(playerId, filters), 'data-history-newest', 'history.newest')}
${when(history.newer, historyLink(playerId, filters, { after: history.newer ?? 0 }), 'rel="prev"', 'history.newer')}
${when(history.older, historyLink(playerId, filters, { before: history.older ?? 0 }), 'rel="next"', 'history.older')}
</ul></nav>`;
}

/** The player page's history: filters, a page of 50 items by cursor, and links to the pages around it. */
export function historySection(
  playerId: number,
  view: { history: HistoryPage; filters: HistoryFilters; games: { id: string; name: string }[]; fromCursor: boolean },
  staff: Staff,
  csrf: string,
  currency: string,
) {
  const { history, filters, games, fromCursor } = view;
  const rows = history.rows;
  return html`<section id="history" tabindex="-1"><h2>${say('players.history')}</h2>
${filterForm(playerId, filters, games)}
${
  rows.length
    ? html`<p class="muted" data-history-count>${say('history.count', { count: rows.length })}</p>${table(
        say('players.history'),
        [
          say('players.date'),
          say('players.type'),
          say('players.description'),
          say('players.amount'),
          say('players.status'),
          say('payments.deposit_actions'),
        ],
        rows.map(
          (row) =>
            html`<tr data-history="${row.id}"><td>${at(row.created_at)}</td><td>${row.type}</td>
<td>${describeTransaction('en', row.template, row.params)}</td>
<td class="num">${money(row.amount, currency)}</td><td data-history-status>${say(`status.${row.status}`)}</td>
<td>${roundVoidCell(playerId, row, staff, csrf)}</td></tr>`,
        ),
      )}`
    : html`<p data-history-none>${say(
        fromCursor || Object.values(filters).some(Boolean) ? 'history.none' : 'players.history_empty',
      )}</p>`
}
${historyPager(playerId, filters, history, fromCursor)}</section>`;
}
