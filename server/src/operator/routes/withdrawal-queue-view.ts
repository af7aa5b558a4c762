/**
 * The withdrawals queue's markup (docs/back-office.md): its filter, its bulk form and its one-line
 * rows. Beside the route, as player-status.ts is, since it renders the list service's rows.
 */
import { PAYMENT_METHODS } from '#core/api/contract.ts';
import { say } from '../views/messages.ts';
import { confirmBox, csrfField, html, money, option, selectField, visuallyHidden, when } from '../views/view.ts';
import { REFUND_TEMPLATE, WITHDRAWAL_SORTS, WITHDRAWAL_STATUSES } from '../services/withdrawal-list.ts';
import type { WithdrawalRow } from '../services/withdrawal-list.ts';
import { BULK_MAX } from '../services/withdrawal-bulk-decisions.ts';
import { PER_PAGE } from './paging.ts';
import { methodName, methodOptions, saferGamblingStatus, verificationStatus } from './player-status.ts';

/** Rows a page the queue offers: the console's default first; the largest is a whole bulk batch. */
export const QUEUE_PAGE_SIZES = [PER_PAGE, 100, 250, BULK_MAX] as const;

const DAY_MS = 86_400_000;
export const isRefund = (row: Pick<WithdrawalRow, 'template'>) => row.template === REFUND_TEMPLATE;
const kindName = (row: WithdrawalRow) => say(isRefund(row) ? 'withdrawals.kind_refund' : 'withdrawals.kind_withdrawal');
const statusName = (row: Pick<WithdrawalRow, 'status'>) => say(`queue.status_${row.status}`);

/** What the page shows of the filter, as the form's fields. */
export interface QueueForm {
  status: string;
  method: string;
  min: string;
  max: string;
  from: string;
  to: string;
  id: string;
  sort: string;
  dir: string;
  per: string;
}

export function filterForm(form: QueueForm) {
  const statuses = WITHDRAWAL_STATUSES.map((status) => option(status, say(`queue.filter_${status}`), form.status));
  const sorts = WITHDRAWAL_SORTS.map((sort) => option(sort, say(`queue.sort_${sort}`), form.sort));
  const directions = [option('asc', say('queue.dir_asc'), form.dir), option('desc', say('queue.dir_desc'), form.dir)];
  const sizes = QUEUE_PAGE_SIZES.map((size) => option(String(size), String(size), form.per));
  const label = say('queue.filter');
  return html`<form method="get" action="/operator/withdrawals" class="inline filters" aria-label="${label}">
<label for="status">${say('queue.status')}</label>
${selectField('status', statuses)}
<label for="method">${say('withdrawals.method')}</label>
<select id="method" name="method">${methodOptions(form.method)}</select>
<label for="min">${say('queue.min')}</label>
<input id="min" name="min" inputmode="decimal" size="8" value="${form.min}">
<label for="max">${say('queue.max')}</label>
<input id="max" name="max" inputmode="decimal" size="8" value="${form.max}">
<label for="from">${say('queue.from')}</label>
<input id="from" name="from" type="date" value="${form.from}">
<label for="to">${say('queue.to')}</label>
<input id="to" name="to" type="date" value="${form.to}">
<label for="sort">${say('queue.sort')}</label>
${selectField('sort', sorts)}
<label for="dir">${say('queue.dir')}</label>
${selectField('dir', directions)}
<label for="per">${say('queue.per_page')}</label>
${selectField('per', sizes)}
${form.id ? html`<input type="hidden" name="id" value="${form.id}">` : ''}
<button type="submit">${say('queue.apply')}</button>
</form>`;
}

/**
 * The bulk form: the table's ticks belong to it (form="bulk"), so the rows' own forms stay
 * separate. Its two buttons post the same ticks to the approval (a batch reference and the "sent"
 * tick) or to the rejection (one reason for every player); the server checks each one's fields.
 */
export function bulkForm(csrf: string, max: number) {
  const [approve, reject] = ['/operator/withdrawals/bulk-approve', '/operator/withdrawals/bulk-reject'];
  return html`<form id="bulk" method="post" action="${approve}" class="bulk" aria-label="${say('queue.bulk_label')}">
${csrfField(csrf)}
<p class="muted">${say('queue.bulk_intro', { max })} <span data-selected-count aria-live="polite"></span></p>
<div class="bulk-actions">
<fieldset><legend>${say('queue.bulk_approve_legend')}</legend>
<label for="batch_reference">${say('queue.batch_reference')}</label>
<input id="batch_reference" name="batch_reference" maxlength="120" autocomplete="off">
${confirmBox(say('queue.bulk_confirm'))}
<button type="submit" formaction="${approve}" formnovalidate>${say('queue.bulk_approve')}</button>
</fieldset>
<fieldset><legend>${say('queue.bulk_reject_legend')}</legend>
<label for="bulk_reason">${say('queue.bulk_reason')}</label>
<input id="bulk_reason" name="reason" maxlength="500" autocomplete="off">
<button type="submit" formaction="${reject}" formnovalidate>${say('queue.bulk_reject')}</button>
</fieldset>
</div>
<p class="muted keys" data-keys hidden>${say('queue.keys')}</p>
</form>`;
}

/** A disclosure whose panel floats over the rows below, so opening it never widens or heightens the table. */
const disclosure = (className: string, summary: unknown, panel: unknown) =>
  html`<details class="${className}"><summary>${summary}</summary><div class="panel">${panel}</div></details>`;

/** A pending payout to a method the player never paid in with (flagged). */
const newMethod = (row: WithdrawalRow) => !isRefund(row) && row.new_method && row.status === 'pending';
const riskLevel = (row: WithdrawalRow) => (row.risk_high ? say('risk.badge_high') : '');
const decidedBy = (row: WithdrawalRow) =>
  html`${when(row.decided_at)}${row.decided_by ? html`, ${row.decided_by}` : ''}`;

/** Short marks beside a row: a refund on self-exclusion, a method never paid in with, open risk alerts. */
function flags(row: WithdrawalRow) {
  const marks = [
    isRefund(row) ? html`<strong class="flag" data-flag="refund">${say('queue.flag_refund')}</strong>` : '',
    newMethod(row) ? html`<strong class="flag" data-flag="new-method">${say('queue.flag_new_method')}</strong>` : '',
    row.risk_alerts
      ? html`<a class="flag" data-flag="risk" href="/operator/risk/alerts?state=unresolved">${say('queue.flag_risk', {
          count: row.risk_alerts,
        })}${row.risk_high ? html` ${say('queue.flag_risk_high')}` : ''}</a>`
      : '',
  ];
  return marks.filter(Boolean).map((mark, i) => html`${i ? ' ' : ''}${mark}`);
}

/** Everything else about a withdrawal, shown on expanding its row. */
function detailFacts(row: WithdrawalRow, now: Date) {
  const age = Math.max(0, Math.floor((now.getTime() - new Date(row.date_joined).getTime()) / DAY_MS));
  const fact = (label: string, value: unknown, attribute = '') =>
    html`<dt>${label}</dt><dd${attribute ? html` ${attribute}` : ''}>${value}</dd>`;
  return html`<dl class="facts">
${fact(say('withdrawals.kind'), kindName(row), 'data-kind')}
${fact(say('queue.email'), row.email)}
${fact(
  say('withdrawals.destination'),
  isRefund(row) && row.status === 'pending' ? say('withdrawals.refund_destination') : (row.destination ?? ''),
)}
${newMethod(row) ? fact(say('withdrawals.method'), say('withdrawals.new_method')) : ''}
${row.risk_alerts ? fact(say('risk.badge', { count: row.risk_alerts }), riskLevel(row)) : ''}
${fact(say('withdrawals.verification'), verificationStatus(row.verification))}
${fact(say('withdrawals.safer_gambling'), saferGamblingStatus(row, now))}
${fact(say('withdrawals.account_age'), say('withdrawals.days', { days: age }))}
${row.decided_at ? fact(say('queue.decided'), decidedBy(row)) : ''}
${row.payout_reference ? fact(say('withdrawals.payout_reference'), row.payout_reference) : ''}
</dl>`;
}

/** Approving with an open high alert needs a reason; the server refuses without one (risk-withdrawal-check.ts). */
const riskReasonField = (id: number) => html`<label for="risk-reason-${id}">${say('risk.reason')}</label>
<textarea id="risk-reason-${id}" name="risk_reason" required maxlength="500" rows="2"></textarea>`;

/** A pending withdrawal's own decisions, one at a time. */
function decisionForms(id: number, csrf: string, riskHigh: boolean) {
  return html`<form method="post" action="/operator/withdrawals/${id}/approve" class="approve">${csrfField(csrf)}
<label for="reference-${id}">${say('withdrawals.payout_reference')}</label>
<input id="reference-${id}" name="payout_reference" required maxlength="120" autocomplete="off">
${riskHigh ? riskReasonField(id) : ''}${confirmBox(say('withdrawals.confirm_paid'))}
<button type="submit">${say('withdrawals.approve')}</button></form>
<form method="post" action="/operator/withdrawals/${id}/reject" class="reject">${csrfField(csrf)}
<label for="reason-${id}">${say('withdrawals.reason')}</label>
<input id="reason-${id}" name="reason" required maxlength="500">
<button type="submit">${say('withdrawals.reject')}</button></form>`;
}

/**
 * A refund on self-exclusion: where staff paid it (method, destination, reference), after a confirmation. Never a
 * reject, never in bulk.
 */
function refundForm(id: number, csrf: string) {
  return html`<form method="post" action="/operator/withdrawals/${id}/refund" class="stack refund">${csrfField(csrf)}
<label for="refund-method-${id}">${say('withdrawals.method')}</label>
<select id="refund-method-${id}" name="method">${PAYMENT_METHODS.map(
    (method) => html`<option value="${method}">${say(`withdrawals.method_${method}`)}</option>`,
  )}</select>
<label for="refund-destination-${id}">${say('withdrawals.refund_to')}</label>
<input id="refund-destination-${id}" name="destination" required maxlength="64" autocomplete="off">
<label for="refund-reference-${id}">${say('withdrawals.payout_reference')}</label>
<input id="refund-reference-${id}" name="payout_reference" required maxlength="120" autocomplete="off">
${confirmBox(say('withdrawals.confirm_paid'))}
<button type="submit">${say('withdrawals.pay_refund')}</button></form>`;
}

/** The decision cells, first in the row: the tick for a bulk decision, then this one's own forms. */
function decisionCells(row: WithdrawalRow, csrf: string) {
  if (row.status !== 'pending') return html`<td></td><td></td>`;
  const summary = html`${say('queue.decide')}${visuallyHidden(` ${row.id}`)}`;
  if (isRefund(row)) return html`<td></td><td>${disclosure('decision', summary, refundForm(row.id, csrf))}</td>`;
  return html`<td><input type="checkbox" name="id" value="${row.id}" form="bulk" aria-label="${say('queue.select', {
    id: row.id,
  })}"></td><td>${disclosure('decision', summary, decisionForms(row.id, csrf, row.risk_high))}</td>`;
}

/**
 * The queue's table, one line a withdrawal: for an admin the decision comes first (the tick, then
 * the row's own forms behind "Decide"); the facts a decision rarely needs are behind "Details".
 */
export function queueTable(caption: string, rows: WithdrawalRow[], view: { admin: boolean; csrf: string; now: Date }) {
  const selectAll = html`<input type="checkbox" data-select-all hidden aria-label="${say('queue.select_all')}">`;
  const headers = [
    ...(view.admin ? [html`<th scope="col" class="tick">${selectAll}</th>`, say('withdrawals.actions')] : []),
    '#',
    say('withdrawals.player'),
    say('withdrawals.amount'),
    say('withdrawals.method'),
    say('withdrawals.requested'),
    say('queue.status'),
    say('queue.flags'),
    say('queue.details'),
  ].map((header) => (typeof header === 'string' ? html`<th scope="col">${header}</th>` : header));
  return html`<div class="table queue"><table><caption>${caption}</caption>
<thead><tr>${headers}</tr></thead>
<tbody>${rows.map(
    (row) => html`<tr data-withdrawal="${row.id}">
${view.admin ? decisionCells(row, view.csrf) : ''}<td>${row.id}</td>
<td class="player"><a href="/operator/players/${row.user_id}">${row.username}</a></td>
<td class="num">${money(row.amount, row.currency)}</td>
<td>${methodName(row.method)}</td>
<td>${when(row.created_at)}</td>
<td data-state>${statusName(row)}</td>
<td class="flags">${flags(row)}</td>
<td>${disclosure('more', html`${say('queue.details')}${visuallyHidden(` ${row.id}`)}`, detailFacts(row, view.now))}</td>
</tr>`,
  )}</tbody></table></div>`;
}
