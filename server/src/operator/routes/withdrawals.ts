import { Hono } from 'hono';
import type { Services } from '../../app-env.ts';
import type { Locale } from '../../i18n.ts';
import { withdrawalCompletedMail, withdrawalRejectedMail } from '../../mail/messages.ts';
import { notify } from '../../services/history.ts';
import { credit } from '../../services/ledger.ts';
import { audit } from '../audit.ts';
import { ConsoleError, idParam, readForm } from '../form.ts';
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
              (SELECT v.status FROM identity_verifications v WHERE v.user_id = u.id ORDER BY v.submitted_at DESC, v.id LIMIT 1) AS verification
       FROM transactions t JOIN users u ON u.id = t.user_id
       WHERE t.type = 'withdrawal' AND t.status = 'pending'
       ORDER BY t.created_at, t.id LIMIT 500`,
    );
    const now = services.clock();
    const staff = c.get('staff');
    const csrf = c.get('csrf');
    const done = c.req.query('approved') ?? c.req.query('rejected');
    const notice = done && /^\d+$/.test(done) ? say(c.req.query('approved') ? 'withdrawals.approved' : 'withdrawals.rejected', { id: done }) : undefined;
    const body = rows.length
      ? table(
          say('withdrawals.caption'),
          ['#', say('withdrawals.player'), say('withdrawals.amount'), say('withdrawals.method'), say('withdrawals.destination'), say('withdrawals.verification'),
            say('withdrawals.safer_gambling'), say('withdrawals.account_age'), say('withdrawals.requested'), say('withdrawals.actions')],
          rows.map((row) => html`<tr data-withdrawal="${row.id}">
<td>${row.id}</td>
<td>${playerLink(row.user_id, row.username, row.email)}</td>
<td class="num">${money(row.amount, row.currency)}</td>
<td>${row.method ?? ''}</td>
<td>${row.destination ?? ''}</td>
<td>${verificationStatus(row.verification)}</td>
<td>${saferGamblingStatus(row, now)}</td>
<td>${say('withdrawals.days', { days: Math.max(0, Math.floor((now.getTime() - new Date(row.date_joined).getTime()) / DAY_MS)) })}</td>
<td>${when(row.created_at)}</td>
<td>${staff.role === 'admin' ? decisionForms(row.id, csrf) : ''}</td>
</tr>`),
        )
      : html`<p>${say('withdrawals.empty')}</p>`;
    return page(c, { title: say('withdrawals.title'), staff, csrf, notice, body });
  });

  app.post('/operator/withdrawals/:id/approve', adminOnly, async (c) => {
    const id = idParam(c.req.param('id'));
    const staff = c.get('staff');
    const now = services.clock();
    const decided = await db.transaction(async (tx) => {
      const [row] = await tx.query<Decided>(
        `UPDATE transactions t SET status = 'completed', decided_at = $2, decided_by = $3
         FROM users u WHERE t.id = $1 AND t.type = 'withdrawal' AND t.status = 'pending' AND u.id = t.user_id
         RETURNING t.user_id, (-t.amount)::text AS amount, u.email, u.username, u.locale, u.currency`,
        [id, now.toISOString(), staff.id],
      );
      if (!row) return undefined;
      await notify(tx, now, row.user_id, 'withdrawal_completed', { amount: row.amount, currency: row.currency });
      await audit(tx, {
        staffId: staff.id, action: 'withdrawal.approve', targetType: 'withdrawal', targetId: id,
        before: { status: 'pending', amount: row.amount }, after: { status: 'completed', amount: row.amount }, at: now,
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

  return app;
}


function decisionForms(id: number, csrf: string) {
  return html`<div class="decide">
<form method="post" action="/operator/withdrawals/${id}/approve">${csrfField(csrf)}<button type="submit">${say('withdrawals.approve')}</button></form>
<form method="post" action="/operator/withdrawals/${id}/reject" class="reject">${csrfField(csrf)}
<label for="reason-${id}">${say('withdrawals.reason')}</label>
<input id="reason-${id}" name="reason" required maxlength="500">
<button type="submit">${say('withdrawals.reject')}</button></form>
</div>`;
}
