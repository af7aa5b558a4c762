import { say } from './messages.ts';
import { buttonForm, csrfField, html, money, table, visuallyHidden, when } from './view.ts';
import type { CatalogueOutcome, ProviderGameRow, ProviderOverviewRow } from '../game-provider-model.ts';

/**
 * The console's Games section (routes/games-console.ts): the providers' table, the add form, a
 * provider's page with its games, and the one-time display of a secret.
 */

/** Failed calls of the last hour as "2 of 5 calls (40 %)", whole percents rounded in integers. */
function errorRate(row: ProviderOverviewRow) {
  if (!row.calls_last_hour) return say('games.no_calls');
  const percent = Math.round((row.failures_last_hour * 100) / row.calls_last_hour);
  return say('games.error_rate_value', { failures: row.failures_last_hour, calls: row.calls_last_hour, percent });
}

const statusText = (row: ProviderOverviewRow) =>
  html`${say(`games.status_${row.status}`)}${
    row.last_failure
      ? html`<br><span class="muted">${say('games.last_failure', { failure: row.last_failure })}</span>`
      : ''
  }`;

/** One provider's health cells: status (and a failed last call), last good call, error rate, games. */
const healthCells = (row: ProviderOverviewRow) => html`<td data-status>${statusText(row)}</td>
<td data-last-ok>${row.last_ok_at ? when(row.last_ok_at) : say('games.never')}</td>
<td data-error-rate>${errorRate(row)}</td>
<td data-games>${say('games.games_value', { enabled: row.games_enabled, total: row.games })}</td>`;

const HEALTH_HEADERS = () => [say('games.status'), say('games.last_ok'), say('games.error_rate'), say('games.games')];

export function providersTable(rows: ProviderOverviewRow[]) {
  if (!rows.length) return html`<p class="muted">${say('games.none')}</p>`;
  return table(
    say('games.caption'),
    [say('games.provider'), ...HEALTH_HEADERS()],
    rows.map(
      (row) => html`<tr data-provider="${row.id}"><td><a href="/operator/games/${row.id}">${row.id}</a><br>
<span class="muted">${row.base_url}</span></td>${healthCells(row)}</tr>`,
    ),
  );
}

export const addProviderForm = (csrf: string) => html`<h2>${say('games.add_title')}</h2>
<p class="muted">${say('games.add_intro')}</p>
<form method="post" action="/operator/games" class="stack">${csrfField(csrf)}
<label for="provider-id">${say('games.id')}</label>
<input id="provider-id" name="id" required maxlength="64" autocomplete="off">
<label for="provider-url">${say('games.base_url')}</label>
<input id="provider-url" name="base_url" type="url" required maxlength="500" autocomplete="off">
<label for="provider-allowed">${say('games.allowed')}</label>
<textarea id="provider-allowed" name="allowed" rows="3" maxlength="2000"></textarea>
<button type="submit">${say('games.add')}</button></form>`;

/** A secret, once: on the page that answers the change that made it, never stored where it can be read again. */
export const secretOnce = (secret: string) => html`<div class="notice" data-secret-once>
<p><strong>${say('games.secret_label')}:</strong> <code data-secret>${secret}</code></p>
<p>${say('games.secret_once')}</p></div>`;

export const catalogueNotice = (catalogue: CatalogueOutcome) =>
  'games' in catalogue
    ? say('games.catalogue_games', { games: catalogue.games })
    : say('games.catalogue_failed', { failure: catalogue.failure, message: catalogue.message });

function gameRow(providerId: string, game: ProviderGameRow, csrf: string, currency: string) {
  const next = game.enabled ? 'off' : 'on';
  return html`<tr data-game="${game.game_id}"><td>${game.name}<br><span class="muted">${game.game_id}</span></td>
<td>${game.category}</td>
<td>${game.rtp === null ? say('games.rtp_unknown') : say('games.rtp_value', { rtp: game.rtp })}</td>
<td>${money(game.min_bet, currency)} – ${money(game.max_bet, currency)}</td>
<td data-game-state>${say(game.enabled ? 'games.game_on' : 'games.game_off')}</td>
<td><form method="post" action="/operator/games/${providerId}/game">${csrfField(csrf)}
<input type="hidden" name="game" value="${game.game_id}"><input type="hidden" name="state" value="${next}">
<button type="submit">${say(`games.turn_${next}`)}${visuallyHidden(` ${game.name}`)}</button>
</form></td></tr>`;
}

/** A provider's page: its health, its actions and its games. */
export function providerDetail(
  { provider, games }: { provider: ProviderOverviewRow; games: ProviderGameRow[] },
  csrf: string,
  currency: string,
) {
  const base = `/operator/games/${provider.id}`;
  const toggle = provider.status === 'active' ? 'disable' : 'enable';
  return html`<p><a href="/operator/games">${say('games.back')}</a></p>
${table(
  say('games.caption'),
  [say('games.base_url'), ...HEALTH_HEADERS(), say('games.secrets'), say('games.allowed')],
  [
    html`<tr data-provider="${provider.id}"><td>${provider.base_url}</td>${healthCells(provider)}
<td data-secrets>${provider.active_secrets}</td>
<td>${provider.allowed_addresses.length ? provider.allowed_addresses.join(', ') : say('games.allowed_any')}</td></tr>`,
  ],
)}
<div class="inline">
${buttonForm(`${base}/refresh`, csrf, say('games.refresh'))}
${buttonForm(`${base}/${toggle}`, csrf, say(`games.${toggle}`))}
${buttonForm(`${base}/rotate-secret`, csrf, say('games.rotate'))}
${provider.active_secrets > 1 ? buttonForm(`${base}/retire-secret`, csrf, say('games.retire')) : ''}
</div>
<p class="muted">${say('games.rotate_intro')}</p>
${
  games.length
    ? table(
        say('games.games_caption', { id: provider.id }),
        [
          say('games.game'),
          say('games.category'),
          say('games.rtp'),
          say('games.stake_range'),
          say('games.game_state'),
          say('games.actions'),
        ],
        games.map((game) => gameRow(provider.id, game, csrf, currency)),
      )
    : html`<p class="muted">${say('games.no_games')}</p>`
}`;
}
