import { Hono, type Context } from 'hono';
import type { Services } from '../../app-env.ts';
import { withdrawalCompletedMail, withdrawalRejectedMail } from '../../mail/messages.ts';
import { PAYMENT_METHODS } from '#core/api/contract.ts';
import { batches, csvResponse, utcText } from '../views/csv.ts';
import { bulkIdsForm } from '../../schemas/operator-form.ts';
import { parseConsoleForm, readForm } from './form.ts';
import { ConsoleError } from '../services/console-error.ts';
import { say } from '../views/messages.ts';
import { filterQuery, pager, filteredPage, readAmountQuery, readDayRange, totalsFacts } from './paging.ts';
import type { OperatorEnv } from '../operator-env.ts';
import { html, page, withQuery } from '../views/view.ts';
import {
  WITHDRAWAL_SORTS,
  WITHDRAWAL_STATUSES,
  withdrawalPage,
  withdrawalsAfter,
  withdrawalTotals,
  type WithdrawalFilter,
  type WithdrawalRow,
} from '../services/withdrawal-list.ts';
import { approveBatch, BULK_MAX, countOutcomes, rejectBatch } from '../services/withdrawal-bulk-decisions.ts';
import { bulkForm, filterForm, isRefund, QUEUE_PAGE_SIZES, queueTable } from './withdrawal-queue-view.ts';
import { MOVEMENT_CSV_HEADER, movementCsvCells } from './movement-csv.ts';
import { may } from '../permissions.ts';

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
  const per = QUEUE_PAGE_SIZES.find((size) => String(size) === c.req.query('per')) ?? QUEUE_PAGE_SIZES[0];
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
    per: per === QUEUE_PAGE_SIZES[0] ? '' : String(per),
  };
  return { filter, per, query: filterQuery(shown), form: { ...shown, status, sort, dir, per: String(per) } };
}

/** A bulk decision's counts on the redirect: decided now, already decided, refunds, risk reason needed, held. */
const COUNTS = /^\d+(-\d+){0,4}$/;

/** The line above the list after a decision, from the redirect's query; undefined for none. */
function noticeOf(c: Context) {
  const [bulk, bulkRejected] = [c.req.query('bulk'), c.req.query('bulk_rejected')];
  if (bulk && COUNTS.test(bulk)) return bulkNotice('queue.bulk_done', bulk);
  if (bulkRejected && COUNTS.test(bulkRejected)) return bulkNotice('queue.bulk_rejected_done', bulkRejected);
  for (const kind of ['approved', 'rejected', 'refunded'] as const) {
    const id = c.req.query(kind);
    if (id && /^\d+$/.test(id)) return say(`withdrawals.${kind}`, { id });
  }
  return undefined;
}

/**
 * The withdrawals queue and list: every withdrawal (pending or decided), filtered, sorted, 50 a
 * page (up to 500) with the filtered set's totals, a CSV of the filtered set, and bulk decisions
 * on the selected pending ones: an approval (one batch payout reference, one confirmation) or a
 * rejection (one reason), each item its own transaction through the single decision's audited path
 * (withdrawal-bulk-decisions.ts). The single decisions stay in `withdrawals.ts`.
 */
export function withdrawalQueueRoutes(services: Services) {
  const { db } = services;
  const app = new Hono<OperatorEnv>();

  app.get('/operator/withdrawals', async (c) => {
    const { filter, per, query, form } = readFilter(c);
    const { pageNumber, totals, rows, total } = await filteredPage(
      c,
      {
        totals: () => withdrawalTotals(db, filter),
        rows: (limit, offset) => withdrawalPage(db, filter, limit, offset),
      },
      per,
    );
    const staff = c.get('staff');
    const csrf = c.get('csrf');
    const admin = may(staff, 'payments.decide');
    const anyPending = admin && rows.some((row) => row.status === 'pending' && !isRefund(row));
    const csv = withQuery('/operator/withdrawals.csv', query);
    const caption = say(filter.status === 'pending' ? 'withdrawals.caption' : 'queue.caption_all');
    const empty = say(filter.status === 'pending' && !query.toString() ? 'withdrawals.empty' : 'queue.empty');
    const body = html`${filterForm(form)}
<p><a href="${csv}" download>${say('queue.csv')}</a></p>
${totalsFacts(say('queue.total_count'), total, totals)}
${pager('/operator/withdrawals', query, pageNumber, total, per)}
${anyPending ? bulkForm(csrf, BULK_MAX) : ''}
${!admin ? html`<p class="muted" data-role-note>${say('queue.support_note')}</p>` : ''}
${rows.length ? queueTable(caption, rows, { admin, csrf, now: services.clock() }) : html`<p>${empty}</p>`}`;
    const scripts = anyPending ? ['/operator/assets/withdrawal-queue.js'] : [];
    return page(c, { title: say('withdrawals.title'), staff, csrf, notice: noticeOf(c), body, scripts });
  });

  app.get('/operator/withdrawals.csv', (c) => {
    const { filter } = readFilter(c);
    const rows = batches<WithdrawalRow, number>(
      (after, size) => withdrawalsAfter(db, filter, after, size),
      (row) => row.id,
      (row) => [
        row.id,
        isRefund(row) ? 'refund' : 'withdrawal',
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

  // Bulk decisions: the ids ticked in the table (at most BULK_MAX), each decided as a single decision is.
  const bulkIds = bulkIdsForm(BULK_MAX);
  app.post('/operator/withdrawals/bulk-approve', async (c) => {
    const { id: ids } = await parseConsoleForm(c, bulkIds);
    const form = await readForm(c, {
      batch_reference: { label: say('queue.batch_reference'), max: 120, required: true },
      confirm: { label: say('queue.bulk_confirm'), max: 3 },
    });
    if (form.confirm !== 'yes') throw new ConsoleError(400, say('queue.bulk_confirm_required'));
    const by = { staffId: c.get('staff').id, now: services.clock() };
    const outcomes = await approveBatch(db, ids, form.batch_reference, by);
    for (const outcome of outcomes) {
      if (outcome.outcome === 'decided_now')
        services.mailer.dispatch(withdrawalCompletedMail(outcome.player, outcome.amount, outcome.player.currency));
    }
    return c.redirect(`/operator/withdrawals?bulk=${countOutcomes(outcomes).join('-')}`, 303);
  });

  app.post('/operator/withdrawals/bulk-reject', async (c) => {
    const { id: ids } = await parseConsoleForm(c, bulkIds);
    const { reason } = await readForm(c, {
      reason: { label: say('queue.bulk_reason'), max: 500, required: true, multiline: true },
    });
    const by = { staffId: c.get('staff').id, now: services.clock() };
    const outcomes = await rejectBatch(db, ids, reason, by);
    for (const outcome of outcomes) {
      if (outcome.outcome === 'decided_now')
        services.mailer.dispatch(
          withdrawalRejectedMail(outcome.player, outcome.amount, outcome.player.currency, reason),
        );
    }
    return c.redirect(`/operator/withdrawals?bulk_rejected=${countOutcomes(outcomes).slice(0, 3).join('-')}`, 303);
  });

  return app;
}

/** "3 withdrawals approved. 1 skipped: already decided." from a bulk decision's counts. */
function bulkNotice(doneKey: string, value: string) {
  const [done = 0, decided = 0, refunds = 0, risky = 0, held = 0] = value.split('-').map(Number);
  return [
    say(doneKey, { count: done }),
    decided ? say('queue.bulk_skipped_decided', { count: decided }) : '',
    refunds ? say('queue.bulk_skipped_refund', { count: refunds }) : '',
    risky ? say('queue.bulk_skipped_risk', { count: risky }) : '',
    held ? say('queue.bulk_skipped_held', { count: held }) : '',
  ]
    .filter(Boolean)
    .join(' ');
}
