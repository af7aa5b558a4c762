import { Hono } from 'hono';
import type { Services } from '../../app-env.ts';
import { withdrawalCompletedMail, withdrawalRejectedMail } from '../../mail/messages.ts';
import { approveWithdrawal, isRefund, payRefund, rejectWithdrawal } from '../../services/withdrawal-decisions.ts';
import { audit } from '../audit.ts';
import { PAYMENT_METHODS, type PaymentMethod } from '../../../../src/api/contract.ts';
import { checkDestination } from '../../../../src/api/destination-rules.ts';
import type { Problems } from '../../../../src/api/validation.ts';
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

const DAY_MS = 86_400_000;

/**
 * The withdrawals queue: the routes parse and render; the decisions are the service's
 * (`services/withdrawal-decisions.ts`), in the transaction that writes the audit row.
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
      const row = await approveWithdrawal(tx, { id, reference, confirmed: true, staffId: staff.id, now });
      if (!row) return undefined;
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
      const row = await rejectWithdrawal(tx, { id, reason, staffId: staff.id, now });
      if (!row) return undefined;
      await audit(tx, {
        staffId: staff.id, action: 'withdrawal.reject', targetType: 'withdrawal', targetId: id,
        before: { status: 'pending', amount: row.amount, balance: row.balance_before },
        after: { status: 'cancelled', amount: row.amount, balance: row.balance, reason }, at: now,
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
      const row = await payRefund(tx, { id, method, destination, reference: form.payout_reference, staffId: staff.id, now });
      if (!row) return undefined;
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

const PAYOUT_REFERENCE: FieldRule = { label: say('withdrawals.payout_reference'), max: 120 };

/** Where staff paid, masked as the console shows it: the last four of a card or IBAN, a wallet's ends. */
function maskedDestination(method: PaymentMethod, value: string): string {
  const compact = value.replace(/[\s-]/g, '');
  if (method === 'crypto') return `${compact.slice(0, 6)}…${compact.slice(-4)}`;
  return `•••• ${compact.slice(-4)}`;
}

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
