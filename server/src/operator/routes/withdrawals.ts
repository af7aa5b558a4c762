import { Hono } from 'hono';
import type { Services } from '../../app-env.ts';
import { withdrawalCompletedMail, withdrawalRejectedMail } from '../../mail/messages.ts';
import { approveWithdrawal, payRefund, rejectWithdrawal } from '../../services/withdrawal-decisions.ts';
import { audit } from '../audit.ts';
import { PAYMENT_METHODS, type PaymentMethod } from '../../../../src/api/contract.ts';
import { checkDestination } from '../../../../src/api/destination-rules.ts';
import type { Problems } from '../../../../src/api/validation.ts';
import { ConsoleError, idParam, readForm, type FieldRule } from '../form.ts';
import { say } from '../messages.ts';
import { adminOnly, type OperatorEnv } from '../session.ts';

/**
 * The decisions on the withdrawals queue (its list is withdrawal-queue.ts): the routes parse and
 * call the service (`services/withdrawal-decisions.ts`) in the transaction that writes the audit row.
 */
export function withdrawalRoutes(services: Services) {
  const { db } = services;
  const app = new Hono<OperatorEnv>();

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
