import type { Context } from 'hono';
import type { Services } from '../../app-env.ts';
import { say } from '../views/messages.ts';
import { offsetOf, pager, PER_PAGE, readPage } from './paging.ts';
import { idOfQuery, playerExists, possibleDuplicates, searchPlayers } from '../services/player-search.ts';
import type { OperatorEnv } from '../operator-env.ts';
import { cells, html, page, table, when, type Html } from '../views/view.ts';
import { countryLabel, fullName, playerLink } from './player-status.ts';

/** The search's results, 50 a page, each with what matched; one exact email or username match opens the player. */

/**
 * An id first (`#2214`, `id:2214`, or a bare `2214` that is a player's id) opens that player; a bare
 * number opens it with a link to its partial matches (`partial=1`), which skip the id.
 */
async function openById(c: Context<OperatorEnv>, services: Services, query: string, form: Html) {
  const wanted = idOfQuery(query);
  if (!wanted || c.req.query('partial')) return undefined;
  if (await playerExists(services.db, wanted.id))
    return c.redirect(
      `/operator/players/${wanted.id}${wanted.only ? '' : `?by_id=${encodeURIComponent(query.trim())}`}`,
      303,
    );
  if (!wanted.only) return undefined;
  const [staff, csrf] = [c.get('staff'), c.get('csrf')];
  const body = html`${form}<p>${say('search.no_id', { id: wanted.id })}</p>`;
  return page(c, { title: say('players.title'), staff, csrf, body });
}

export async function searchPage(c: Context<OperatorEnv>, services: Services, query: string, form: Html) {
  const opened = await openById(c, services, query, form);
  if (opened) return opened;
  const pageNumber = readPage(c);
  const pagerQuery = new URLSearchParams({ q: query, ...(c.req.query('partial') ? { partial: '1' } : {}) });
  const { total, rows } = await searchPlayers(services.db, query, PER_PAGE, offsetOf(pageNumber));
  const exact = rows.filter((row) => row.matched.includes('exact'));
  if (pageNumber === 1 && exact.length === 1) return c.redirect(`/operator/players/${exact[0]!.id}`, 303);
  return page(c, {
    title: say('players.title'),
    staff: c.get('staff'),
    csrf: c.get('csrf'),
    body: html`${form}
${pager('/operator/players', pagerQuery, pageNumber, total)}
${
  rows.length
    ? table(
        say('players.results', { query }),
        [
          say('players.username'),
          say('search.name'),
          say('players.country'),
          say('players.joined'),
          say('search.matched'),
        ],
        rows.map(
          (row) =>
            html`<tr data-player="${row.id}">${cells(
              playerLink(row.id, row.username, row.email),
              fullName(row),
              countryLabel(row.country),
            )}
<td>${when(row.date_joined)}</td><td data-matched>${row.matched
              .filter((m) => m !== 'exact')
              .map((m) => say(`search.by_${m}`))
              .join(', ')}</td></tr>`,
        ),
      )
    : html`<p>${say('players.none', { query })}</p>`
}`,
  });
}

/** "Possible duplicate accounts" on the player page. */
export async function duplicatesSection(services: Services, userId: number) {
  const rows = await possibleDuplicates(services.db, userId);
  return html`<section><h2>${say('search.duplicates')}</h2>${
    rows.length
      ? table(
          say('search.duplicates'),
          [say('players.username'), say('search.reason'), say('search.shared')],
          rows.map(
            (row) =>
              html`<tr data-duplicate="${row.id}">${cells(
                playerLink(row.id, row.username, row.email),
                say(`search.reason_${row.reason}`),
                row.shared,
              )}</tr>`,
          ),
        )
      : html`<p>${say('search.no_duplicates')}</p>`
  }</section>`;
}
