import { Hono, type Context } from 'hono';
import type { Services } from '../../app-env.ts';
import { withdrawalCompletedMail } from '../../mail/messages.ts';
import { PAYMENT_METHODS } from '#core/api/contract.ts';
import { batches, csvResponse, utcText } from '../views/csv.ts';
import { bulkIdsForm } from '../../schemas/operator-form.ts';
import { parseConsoleForm, readForm } from './form.ts';
import { ConsoleError } from '../services/console-error.ts';
import { say } from '../views/messages.ts';
import { filterQuery, pager, filteredPage, PER_PAGE, readAmountQuery, readDayRange, totalsFacts } from './paging.ts';
import { adminOnly } from '../services/session.ts';
import type { OperatorEnv } from '../operator-env.ts';
import {
  confirmBox,
  csrfField,
  html,
  money,
  option,
  page,
  selectField,
  table,
  when,
  withQuery,
} from '../views/view.ts';
import {
  approveBatch,
  REFUND_TEMPLATE,
  WITHDRAWAL_SORTS,
  WITHDRAWAL_STATUSES,
  withdrawalPage,
  withdrawalsAfter,
  withdrawalTotals,
  type BulkOutcome,
  type WithdrawalFilter,
  type WithdrawalRow,
} from '../services/withdrawal-list.ts';
import { MOVEMENT_CSV_HEADER, movementCsvCells } from './movement-csv.ts';
import { methodName, methodOptions, playerLink, saferGamblingStatus, verificationStatus } from './player-status.ts';

/** A second line in a table cell, below its main value. */
const mutedLine = (content: unknown) => html`<br><span class="muted">${content}</span>`;
const newMethodFlag = () =>
  html`<br><strong class="flag" data-flag="new-method">${say('withdrawals.new_method')}</strong>`;

/** The player's open risk alerts, linked to the queue filtered on them (docs/risk.md). */
const riskBadge = (row: WithdrawalRow) =>
  row.risk_alerts
    ? html`<br><a class="flag" data-flag="risk" href="/operator/risk/alerts?state=unresolved">${say('risk.badge', {
        count: row.risk_alerts,
      })}${row.risk_high ? html` (${say('risk.badge_high')})` : ''}</a>`
    : '';
/** Approving with an open high alert needs a reason; the server refuses without one (risk-withdrawal-check.ts). */
const riskReasonField = (id: number) => html`<label for="risk-reason-${id}">${say('risk.reason')}</label>
<textarea id="risk-reason-${id}" name="risk_reason" required maxlength="500" rows="2"></textarea>`;

const DAY_MS = 86_400_000;
const isRefund = (template: string) => template === REFUND_TEMPLATE;
const statusName = (row: Pick<WithdrawalRow, 'status'>) => say(`queue.status_${row.status}`);

/** The queue's filters from the query string (unknown values fall back to the defaults; malformed ones are a 400). */
function readFilter(c: Context) {
  const pick = <T extends string>(values: readonly T[], name: string, fallback: T): T =>
    values.find((known) => known === c.req.query(name)) ?? fallback;
  const status = pick(WITHDRAWAL_STATUSES, 'status', 'pending');
  const method = pick(PAYMENT_METHODS, 'method', '' as never) ?? '';
  const min = readAmountQuery(c, 'min', say('queue.min'));
  const max = readAmountQuery(c, 'max', say('queue.max'));
  const days = readDayRange(c, { from: say('queue.from'), to: say('queue.to') });
  const rawId = (c.req.query('id') ?? '').trim();
  if (rawId && !/^\d{1,9}$/.test(rawId)) throw new ConsoleError(400, say('queue.bad_id'));
  const sort = pick(WITHDRAWAL_SORTS, 'sort', 'date');
  const dir = c.req.query('dir') === 'desc' ? 'desc' : 'asc';
  const filter: WithdrawalFilter = {
    status,
    method,
    min,
    max,
    from: days.start,
    to: days.end,
    id: rawId ? Number(rawId) : null,
    sort,
    dir,
  };
  const shown = {
    status: status === 'pending' ? '' : status,
    method,
    min,
    max,
    from: days.from,
    to: days.to,
    id: rawId,
    sort: sort === 'date' ? '' : sort,
    dir: dir === 'asc' ? '' : dir,
  };
  return { filter, query: filterQuery(shown), form: { ...shown, status, sort, dir } };
}

/**
 * The withdrawals queue and list: every withdrawal (pending or decided), filtered, sorted, 50 a
 * page with the filtered set's totals, a CSV of the filtered set, and a bulk approval of the
 * selected pending ones (one batch payout reference, one confirmation; each item its own
 * conditional update and audit row). The single decisions stay in `withdrawals.ts`.
 */
export function withdrawalQueueRoutes(services: Services) {
  const { db } = services;
  const app = new Hono<OperatorEnv>();

  app.get('/operator/withdrawals', async (c) => {
    const { filter, query, form } = readFilter(c);
    const { pageNumber, totals, rows, total } = await filteredPage(c, {
      totals: () => withdrawalTotals(db, filter),
      rows: (limit, offset) => withdrawalPage(db, filter, limit, offset),
    });
    const now = services.clock();
    const staff = c.get('staff');
    const csrf = c.get('csrf');
    const admin = staff.role === 'admin';
    const done = c.req.query('approved') ?? c.req.query('rejected') ?? c.req.query('refunded');
    const bulk = c.req.query('bulk');
    const notice =
      bulk && /^\d+(-\d+){0,3}$/.test(bulk)
        ? bulkNotice(bulk)
        : done && /^\d+$/.test(done)
          ? say(
              c.req.query('approved')
                ? 'withdrawals.approved'
                : c.req.query('refunded')
                  ? 'withdrawals.refunded'
                  : 'withdrawals.rejected',
              { id: done },
            )
          : undefined;
    const anyPending = admin && rows.some((row) => row.status === 'pending' && !isRefund(row.template));
    const csv = withQuery('/operator/withdrawals.csv', query);
    const body = html`${filterForm(form)}
<p><a href="${csv}" download>${say('queue.csv')}</a></p>
${totalsFacts(say('queue.total_count'), total, totals)}
${pager('/operator/withdrawals', query, pageNumber, total)}
${anyPending ? bulkForm(csrf) : ''}
${!admin ? html`<p class="muted" data-role-note>${say('queue.support_note')}</p>` : ''}
${
  rows.length
    ? table(
        say(filter.status === 'pending' ? 'withdrawals.caption' : 'queue.caption_all'),
        [
          '#',
          say('withdrawals.kind'),
          say('withdrawals.player'),
          say('withdrawals.amount'),
          say('withdrawals.method'),
          say('withdrawals.destination'),
          say('withdrawals.verification'),
          say('withdrawals.safer_gambling'),
          say('withdrawals.account_age'),
          say('withdrawals.requested'),
          say('queue.status'),
          say('withdrawals.actions'),
        ],
        rows.map(
          (row) =>
            html`<tr data-withdrawal="${row.id}">
<td>${row.id}</td>
<td data-kind>${say(isRefund(row.template) ? 'withdrawals.kind_refund' : 'withdrawals.kind_withdrawal')}</td>
<td>${playerLink(row.user_id, row.username, row.email)}${riskBadge(row)}</td>
<td class="num">${money(row.amount, row.currency)}</td>
<td>${methodName(row.method)}${
              !isRefund(row.template) && row.new_method && row.status === 'pending' ? newMethodFlag() : ''
            }</td>
<td>${
              isRefund(row.template) && row.status === 'pending'
                ? say('withdrawals.refund_destination')
                : (row.destination ?? '')
            }</td>
<td>${verificationStatus(row.verification)}</td>
<td>${saferGamblingStatus(row, now)}</td>
<td>${say('withdrawals.days', {
              days: Math.max(0, Math.floor((now.getTime() - new Date(row.date_joined).getTime()) / DAY_MS)),
            })}</td>
<td>${when(row.created_at)}</td>
<td data-state>${statusName(row)}${
              row.decided_at
                ? mutedLine(html`${when(row.decided_at)}${row.decided_by ? html`, ${row.decided_by}` : ''}`)
                : ''
            }${row.payout_reference ? mutedLine(say('queue.reference', { reference: row.payout_reference })) : ''}</td>
<td>${
              row.status !== 'pending'
                ? ''
                : !admin
                  ? html`<span class="muted">${say('queue.admin_only')}</span>`
                  : isRefund(row.template)
                    ? refundForm(row.id, csrf)
                    : decisionForms(row.id, csrf, row.risk_high)
            }</td>
</tr>`,
        ),
      )
    : html`<p>${say(filter.status === 'pending' && !query.toString() ? 'withdrawals.empty' : 'queue.empty')}</p>`
}`;
    return page(c, { title: say('withdrawals.title'), staff, csrf, notice, body });
  });

  app.get('/operator/withdrawals.csv', (c) => {
    const { filter } = readFilter(c);
    const rows = batches<WithdrawalRow, number>(
      (after, size) => withdrawalsAfter(db, filter, after, size),
      (row) => row.id,
      (row) => [
        row.id,
        isRefund(row.template) ? 'refund' : 'withdrawal',
        ...movementCsvCells(row),
        row.destination ?? '',
        utcText(row.created_at),
        utcText(row.decided_at),
        row.decided_by ?? '',
        row.payout_reference ?? '',
      ],
    );
    return csvResponse(
      c,
      'withdrawals.csv',
      [
        'id',
        'kind',
        ...MOVEMENT_CSV_HEADER,
        'destination',
        'requested_utc',
        'decided_utc',
        'decided_by',
        'payout_reference',
      ],
      rows,
    );
  });

  // Bulk approval: the ids ticked in the table, one batch payout reference, one confirmation.
  const bulkIds = bulkIdsForm(PER_PAGE);
  app.post('/operator/withdrawals/bulk-approve', adminOnly, async (c) => {
    const { id: ids } = await parseConsoleForm(c, bulkIds);
    const form = await readForm(c, {
      batch_reference: { label: say('queue.batch_reference'), max: 120, required: true },
      confirm: { label: say('queue.bulk_confirm'), max: 3 },
    });
    if (form.confirm !== 'yes') throw new ConsoleError(400, say('queue.bulk_confirm_required'));
    const staff = c.get('staff');
    const now = services.clock();
    // Each withdrawal in its own transaction: one decided meanwhile is skipped, the others still go.
    const outcomes = await approveBatch(db, ids, form.batch_reference, staff.id, now);
    for (const outcome of outcomes) {
      if (outcome.outcome === 'approved')
        services.mailer.dispatch(withdrawalCompletedMail(outcome.player, outcome.amount, outcome.player.currency));
    }
    const count = (kind: BulkOutcome['outcome']) => outcomes.filter((outcome) => outcome.outcome === kind).length;
    const counts = ['approved', 'decided', 'refund', 'risk'] as const;
    return c.redirect(`/operator/withdrawals?bulk=${counts.map(count).join('-')}`, 303);
  });

  return app;
}

function bulkNotice(value: string) {
  const [approved = 0, decided = 0, refunds = 0, risky = 0] = value.split('-').map(Number);
  return [
    say('queue.bulk_done', { count: approved }),
    decided ? say('queue.bulk_skipped_decided', { count: decided }) : '',
    refunds ? say('queue.bulk_skipped_refund', { count: refunds }) : '',
    risky ? say('queue.bulk_skipped_risk', { count: risky }) : '',
  ]
    .filter(Boolean)
    .join(' ');
}

function filterForm(form: {
  status: string;
  method: string;
  min: string;
  max: string;
  from: string;
  to: string;
  id: string;
  sort: string;
  dir: string;
}) {
  const statuses = WITHDRAWAL_STATUSES.map((status) => option(status, say(`queue.filter_${status}`), form.status));
  const sorts = WITHDRAWAL_SORTS.map((sort) => option(sort, say(`queue.sort_${sort}`), form.sort));
  const directions = [option('asc', say('queue.dir_asc'), form.dir), option('desc', say('queue.dir_desc'), form.dir)];
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
${form.id ? html`<input type="hidden" name="id" value="${form.id}">` : ''}
<button type="submit">${say('queue.apply')}</button>
</form>`;
}

/** The bulk form: the table's checkboxes belong to it (form="bulk"), so the rows' own forms stay separate. */
function bulkForm(csrf: string) {
  const [action, label, token] = ['/operator/withdrawals/bulk-approve', say('queue.bulk_label'), csrfField(csrf)];
  return html`<form id="bulk" method="post" action="${action}" class="inline bulk" aria-label="${label}">${token}
<p class="muted">${say('queue.bulk_intro')}</p>
<label for="batch_reference">${say('queue.batch_reference')}</label>
<input id="batch_reference" name="batch_reference" required maxlength="120" autocomplete="off">
${confirmBox(say('queue.bulk_confirm'))}
<button type="submit">${say('queue.bulk_approve')}</button>
</form>`;
}

/** A pending withdrawal's own decisions, and its tick for the bulk approval. */
function decisionForms(id: number, csrf: string, riskHigh: boolean) {
  const selectLabel = say('queue.select', { id });
  return html`<div class="decide">
<label class="check select"><input type="checkbox" name="id" value="${id}" form="bulk"> ${selectLabel}</label>
<form method="post" action="/operator/withdrawals/${id}/approve" class="approve">${csrfField(csrf)}
<label for="reference-${id}">${say('withdrawals.payout_reference')}</label>
<input id="reference-${id}" name="payout_reference" required maxlength="120" autocomplete="off">
${riskHigh ? riskReasonField(id) : ''}${confirmBox(say('withdrawals.confirm_paid'))}
<button type="submit">${say('withdrawals.approve')}</button></form>
<form method="post" action="/operator/withdrawals/${id}/reject" class="reject">${csrfField(csrf)}
<label for="reason-${id}">${say('withdrawals.reason')}</label>
<input id="reason-${id}" name="reason" required maxlength="500">
<button type="submit">${say('withdrawals.reject')}</button></form>
</div>`;
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
