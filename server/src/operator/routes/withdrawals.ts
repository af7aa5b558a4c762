import { Hono } from 'hono';
import type { Services } from '../../app-env.ts';
import type { Locale } from '../../i18n.ts';
import { withdrawalCompletedMail, withdrawalRejectedMail } from '../../mail/messages.ts';
import { notify } from '../../services/history.ts';
import { credit } from '../../services/ledger.ts';
import { audit } from '../audit.ts';
import { PAYMENT_METHODS, type PaymentMethod } from '../../../../src/api/contract.ts';
import { checkDestination } from '../../../../src/api/destination-rules.ts';
import type { Problems } from '../../../../src/api/validation.ts';
import type { Queryable } from '../../db/database.ts';
import { ConsoleError, idParam, readForm, type FieldRule } from '../form.ts';
import { say } from '../messages.ts';
import { adminOnly, type OperatorEnv } from '../session.ts';
import { csrfField, html, money, page, table, when } from '../view.ts';
import { playerLink, saferGamblingStatus, verificationStatus } from './player-status.ts';

interface QueueRow {
  id: number;
  user_id: number;
  username: string;
  email: string;
  amount: string;
  currency: string;
  method: string | null;
  destination: string | null;
  created_at: Date | string;
  date_joined: Date | string;
  time_out_until: Date | string | null;
  self_excluded_until: Date | string | null;
  limits: string | null;
  verification: string | null;
  template: string;
  /** No completed deposit of the player used this method. */
  new_method: boolean;
}

/** The player, their money and language, as a decision needs them. */
interface Decided {
  user_id: number;
  amount: string;
  email: string;
  username: string;
  locale: Locale;
  currency: string;
}

const DAY_MS = 86_400_000;

/**
 * The withdrawals queue (peatio's model: funds are locked when the player asks; staff approve, or
 * reject and the lock is undone through the ledger). A decision is one conditional UPDATE on the
 * pending row, so two staff members can never both decide the same withdrawal.
 */
export function withdrawalRoutes(services: Services) {
  const { db } = services;
  const app = new Hono<OperatorEnv>();

  app.get('/operator/withdrawals', async (c) => {
    const rows = await db.query<QueueRow>(
      `SELECT t.id, t.user_id, u.username, u.email, (-t.amount)::text AS amount, u.currency, t.method, t.destination, t.created_at,
              u.date_joined, u.time_out_until, u.self_excluded_until,
              (SELECT string_agg(l.kind || ' ' || l.period || ' ' || l.amount::text, ', ' ORDER BY l.kind, l.period)
                 FROM rg_limits l WHERE l.user_id = u.id AND l.amount IS NOT NULL) AS limits,
              (SELECT v.status FROM identity_verifications v WHERE v.user_id = u.id ORDER BY v.submitted_at DESC, v.id LIMIT 1) AS verification,
              t.template,
              NOT EXISTS (SELECT 1 FROM payments p WHERE p.user_id = t.user_id AND p.method = t.method AND p.status = 'completed') AS new_method
       FROM transactions t JOIN users u ON u.id = t.user_id
       WHERE t.type = 'withdrawal' AND t.status = 'pending'
       ORDER BY t.created_at, t.id LIMIT 500`,
    );
    const now = services.clock();
    const staff = c.get('staff');
    const csrf = c.get('csrf');
    const done = c.req.query('approved') ?? c.req.query('rejected') ?? c.req.query('refunded');
    const notice = done && /^\d+$/.test(done)
      ? say(c.req.query('approved') ? 'withdrawals.approved' : c.req.query('refunded') ? 'withdrawals.refunded' : 'withdrawals.rejected', { id: done })
      : undefined;
    const body = rows.length
      ? table(
          say('withdrawals.caption'),
          ['#', say('withdrawals.kind'), say('withdrawals.player'), say('withdrawals.amount'), say('withdrawals.method'), say('withdrawals.destination'), say('withdrawals.verification'),
            say('withdrawals.safer_gambling'), say('withdrawals.account_age'), say('withdrawals.requested'), say('withdrawals.actions')],
          rows.map((row) => html`<tr data-withdrawal="${row.id}">
<td>${row.id}</td>
<td data-kind>${say(isRefund(row.template) ? 'withdrawals.kind_refund' : 'withdrawals.kind_withdrawal')}</td>
<td>${playerLink(row.user_id, row.username, row.email)}</td>
<td class="num">${money(row.amount, row.currency)}</td>
<td>${row.method ?? ''}${!isRefund(row.template) && row.new_method ? html`<br><strong class="flag" data-flag="new-method">${say('withdrawals.new_method')}</strong>` : ''}</td>
<td>${isRefund(row.template) ? say('withdrawals.refund_destination') : (row.destination ?? '')}</td>
<td>${verificationStatus(row.verification)}</td>
<td>${saferGamblingStatus(row, now)}</td>
<td>${say('withdrawals.days', { days: Math.max(0, Math.floor((now.getTime() - new Date(row.date_joined).getTime()) / DAY_MS)) })}</td>
<td>${when(row.created_at)}</td>
<td>${staff.role === 'admin' ? (isRefund(row.template) ? refundForm(row.id, csrf) : decisionForms(row.id, csrf)) : ''}</td>
</tr>`),
        )
      : html`<p>${say('withdrawals.empty')}</p>`;
    return page(c, { title: say('withdrawals.title'), staff, csrf, notice, body });
  });

  app.post('/operator/withdrawals/:id/approve', adminOnly, async (c) => {
    const id = idParam(c.req.param('id'));
    // The payout reference and the confirmation tick are required here too, not only by the form.
    const { payout_reference: reference, confirm } = await readForm(c, {
      payout_reference: { ...PAYOUT_REFERENCE, required: true },
      confirm: { label: say('withdrawals.confirm_paid'), max: 3 },
    });
    if (confirm !== 'yes') throw new ConsoleError(400, say('withdrawals.confirm_required'));
    const staff = c.get('staff');
    const now = services.clock();
    const decided = await db.transaction(async (tx) => {
      await refuseRefund(tx, id, 'refund_needs_destination');
      const [row] = await tx.query<Decided & { method: string; destination: string }>(
        `UPDATE transactions t SET status = 'completed', decided_at = $2, decided_by = $3
         FROM users u WHERE t.id = $1 AND t.type = 'withdrawal' AND t.status = 'pending' AND u.id = t.user_id
         RETURNING t.user_id, (-t.amount)::text AS amount, u.email, u.username, u.locale, u.currency, t.method, t.destination`,
        [id, now.toISOString(), staff.id],
      );
      if (!row) return undefined;
      await recordPayout(tx, id, row.method, row.destination, reference, staff.id, now);
      await notify(tx, now, row.user_id, 'withdrawal_completed', { amount: row.amount, currency: row.currency });
      await audit(tx, {
        staffId: staff.id, action: 'withdrawal.approve', targetType: 'withdrawal', targetId: id,
        before: { status: 'pending', amount: row.amount }, after: { status: 'completed', amount: row.amount, payout_reference: reference }, at: now,
      });
      return row;
    });
    if (!decided) throw new ConsoleError(409, say('errors.decided'));
    services.mailer.dispatch(withdrawalCompletedMail(decided, decided.amount, decided.currency));
    return c.redirect(`/operator/withdrawals?approved=${id}`, 303);
  });

  app.post('/operator/withdrawals/:id/reject', adminOnly, async (c) => {
    const id = idParam(c.req.param('id'));
    const { reason } = await readForm(c, { reason: { label: say('withdrawals.reason'), max: 500, required: true, multiline: true } });
    const staff = c.get('staff');
    const now = services.clock();
    const decided = await db.transaction(async (tx) => {
      // A refund on self-exclusion is never put back on the locked account: it is paid out.
      await refuseRefund(tx, id, 'refund_not_rejected');
      const [row] = await tx.query<Decided>(
        `UPDATE transactions t SET status = 'cancelled', decided_at = $2, decided_by = $3,
           template = CASE WHEN t.template = 'withdrawal' THEN 'withdrawal_rejected' ELSE t.template END,
           params = t.params || jsonb_build_object('reason', $4::text)
         FROM users u WHERE t.id = $1 AND t.type = 'withdrawal' AND t.status = 'pending' AND u.id = t.user_id
         RETURNING t.user_id, (-t.amount)::text AS amount, u.email, u.username, u.locale, u.currency`,
        [id, now.toISOString(), staff.id, reason],
      );
      if (!row) return undefined;
      // The reserved amount goes back through the ledger, against the withdrawal's own history item.
      const [before] = await tx.query<{ balance: string }>('SELECT balance::text FROM users WHERE id = $1', [row.user_id]);
      const balance = await credit(tx, row.user_id, 'cash', row.amount, id, now);
      await notify(tx, now, row.user_id, 'withdrawal_rejected', { amount: row.amount, currency: row.currency, reason });
      await audit(tx, {
        staffId: staff.id, action: 'withdrawal.reject', targetType: 'withdrawal', targetId: id,
        before: { status: 'pending', amount: row.amount, balance: before!.balance },
        after: { status: 'cancelled', amount: row.amount, balance, reason }, at: now,
      });
      return row;
    });
    if (!decided) throw new ConsoleError(409, say('errors.decided'));
    services.mailer.dispatch(withdrawalRejectedMail(decided, decided.amount, decided.currency, reason));
    return c.redirect(`/operator/withdrawals?rejected=${id}`, 303);
  });

  // A refund on self-exclusion: the player gave no destination, so staff record where they paid it.
  app.post('/operator/withdrawals/:id/refund', adminOnly, async (c) => {
    const id = idParam(c.req.param('id'));
    const form = await readForm(c, {
      method: { label: say('withdrawals.method'), max: 20, required: true },
      destination: { label: say('withdrawals.destination'), max: 64, required: true },
      payout_reference: { ...PAYOUT_REFERENCE, required: true },
      confirm: { label: say('withdrawals.confirm_paid'), max: 3 },
    });
    if (form.confirm !== 'yes') throw new ConsoleError(400, say('withdrawals.confirm_required'));
    const method = PAYMENT_METHODS.find((known) => known === form.method);
    const problems: Problems = {};
    const checked = method ? checkDestination(problems, method, form.destination) : undefined;
    if (!method || !checked) throw new ConsoleError(400, say('withdrawals.destination_invalid'));
    const destination = maskedDestination(method, form.destination);
    const staff = c.get('staff');
    const now = services.clock();
    const decided = await db.transaction(async (tx) => {
      const [row] = await tx.query<Decided & { old_method: string }>(
        `UPDATE transactions t SET status = 'completed', decided_at = $2, decided_by = $3, destination = $4, method = $5
         FROM users u WHERE t.id = $1 AND t.type = 'withdrawal' AND t.status = 'pending' AND t.template = '${REFUND_TEMPLATE}' AND u.id = t.user_id
         RETURNING t.user_id, (-t.amount)::text AS amount, u.email, u.username, u.locale, u.currency,
           (SELECT method FROM transactions WHERE id = $1) AS old_method`,
        [id, now.toISOString(), staff.id, destination, method],
      );
      if (!row) return undefined;
      await recordPayout(tx, id, method, destination, form.payout_reference, staff.id, now);
      await notify(tx, now, row.user_id, 'withdrawal_completed', { amount: row.amount, currency: row.currency });
      await audit(tx, {
        staffId: staff.id, action: 'withdrawal.refund', targetType: 'withdrawal', targetId: id,
        before: { status: 'pending', amount: row.amount, method: row.old_method },
        after: { status: 'completed', amount: row.amount, method, destination, payout_reference: form.payout_reference }, at: now,
      });
      return row;
    });
    if (!decided) throw new ConsoleError(409, say('errors.decided'));
    services.mailer.dispatch(withdrawalCompletedMail(decided, decided.amount, decided.currency));
    return c.redirect(`/operator/withdrawals?refunded=${id}`, 303);
  });

  return app;
}

const REFUND_TEMPLATE = 'rg.returned_on_self_exclusion';
const isRefund = (template: string) => template === REFUND_TEMPLATE;
const PAYOUT_REFERENCE: FieldRule = { label: say('withdrawals.payout_reference'), max: 120 };

/** 409 with `withdrawals.<key>` when the withdrawal is a refund on self-exclusion. */
async function refuseRefund(tx: Queryable, id: number, key: string) {
  const [row] = await tx.query<{ template: string }>("SELECT template FROM transactions WHERE id = $1 AND type = 'withdrawal'", [id]);
  if (row && isRefund(row.template)) throw new ConsoleError(409, say(`withdrawals.${key}`));
}

/** Where staff paid, masked as the console shows it: the last four of a card or IBAN, a wallet's ends. */
function maskedDestination(method: PaymentMethod, value: string): string {
  const compact = value.replace(/[\s-]/g, '');
  if (method === 'crypto') return `${compact.slice(0, 6)}…${compact.slice(-4)}`;
  return `•••• ${compact.slice(-4)}`;
}

const recordPayout = (tx: Queryable, id: number, method: string, destination: string, reference: string, staffId: number, now: Date) =>
  tx.query('INSERT INTO withdrawal_payouts (transaction_id, method, destination, payout_reference, staff_id, paid_at) VALUES ($1, $2, $3, $4, $5, $6)', [
    id, method, destination, reference, staffId, now.toISOString(),
  ]);


function decisionForms(id: number, csrf: string) {
  return html`<div class="decide">
<form method="post" action="/operator/withdrawals/${id}/approve" class="approve">${csrfField(csrf)}
<label for="reference-${id}">${say('withdrawals.payout_reference')}</label>
<input id="reference-${id}" name="payout_reference" required maxlength="120" autocomplete="off">
<label class="check"><input type="checkbox" name="confirm" value="yes" required> ${say('withdrawals.confirm_paid')}</label>
<button type="submit">${say('withdrawals.approve')}</button></form>
<form method="post" action="/operator/withdrawals/${id}/reject" class="reject">${csrfField(csrf)}
<label for="reason-${id}">${say('withdrawals.reason')}</label>
<input id="reason-${id}" name="reason" required maxlength="500">
<button type="submit">${say('withdrawals.reject')}</button></form>
</div>`;
}

/** A refund on self-exclusion: where staff paid it (method, destination, reference), after a confirmation. Never a reject. */
function refundForm(id: number, csrf: string) {
  return html`<form method="post" action="/operator/withdrawals/${id}/refund" class="stack refund">${csrfField(csrf)}
<label for="refund-method-${id}">${say('withdrawals.method')}</label>
<select id="refund-method-${id}" name="method">${PAYMENT_METHODS.map((method) => html`<option value="${method}">${say(`withdrawals.method_${method}`)}</option>`)}</select>
<label for="refund-destination-${id}">${say('withdrawals.refund_to')}</label>
<input id="refund-destination-${id}" name="destination" required maxlength="64" autocomplete="off">
<label for="refund-reference-${id}">${say('withdrawals.payout_reference')}</label>
<input id="refund-reference-${id}" name="payout_reference" required maxlength="120" autocomplete="off">
<label class="check"><input type="checkbox" name="confirm" value="yes" required> ${say('withdrawals.confirm_paid')}</label>
<button type="submit">${say('withdrawals.pay_refund')}</button></form>`;
}
