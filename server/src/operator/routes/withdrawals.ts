import { Hono } from 'hono';
import type { Services } from '../../app-env.ts';
import { withdrawalCompletedMail, withdrawalRejectedMail } from '../../mail/messages.ts';
import { PAYMENT_METHODS, type PaymentMethod } from '#core/api/contract.ts';
import { checkFullDestination } from '../../schemas/destination.ts';
import type { Problems } from '#core/api/validation.ts';
import { idParam, readForm, type FieldRule } from './form.ts';
import { ConsoleError } from '../services/console-error.ts';
import { say } from '../views/messages.ts';
import type { OperatorEnv } from '../operator-env.ts';
import { approveAudited, payRefundAudited, rejectAudited } from '../services/audited-withdrawal-decisions.ts';

/**
 * The decisions on the withdrawals queue (its list is withdrawal-queue.ts): the routes parse and
 * call the audited decision (`operator/services/audited-withdrawal-decisions.ts`), then mail the player.
 */
export function withdrawalRoutes(services: Services) {
  const app = new Hono<OperatorEnv>();

  app.post('/operator/withdrawals/:id/approve', async (c) => {
    const id = idParam(c.req.param('id'));
    // The payout reference and the confirmation tick are required here too, not only by the form.
    const {
      payout_reference: reference,
      confirm,
      risk_reason,
    } = await readForm(c, {
      payout_reference: { ...PAYOUT_REFERENCE, required: true },
      confirm: { label: say('withdrawals.confirm_paid'), max: 3 },
      risk_reason: { label: say('risk.reason'), max: 500, multiline: true },
    });
    if (confirm !== 'yes') throw new ConsoleError(400, say('withdrawals.confirm_required'));
    const staffId = c.get('staff').id;
    const decided = await approveAudited(services, { id, reference, staffId, riskReason: risk_reason || undefined });
    if (!decided) throw new ConsoleError(409, say('errors.decided'));
    services.mailer.dispatch(withdrawalCompletedMail(decided, decided.amount, decided.currency));
    return c.redirect(`/operator/withdrawals?approved=${id}`, 303);
  });

  app.post('/operator/withdrawals/:id/reject', async (c) => {
    const id = idParam(c.req.param('id'));
    const { reason } = await readForm(c, {
      reason: { label: say('withdrawals.reason'), max: 500, required: true, multiline: true },
    });
    const decided = await rejectAudited(services, { id, reason, staffId: c.get('staff').id });
    if (!decided) throw new ConsoleError(409, say('errors.decided'));
    services.mailer.dispatch(withdrawalRejectedMail(decided, decided.amount, decided.currency, reason));
    return c.redirect(`/operator/withdrawals?rejected=${id}`, 303);
  });

  // A refund on self-exclusion: the player gave no destination, so staff record where they paid it.
  app.post('/operator/withdrawals/:id/refund', async (c) => {
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
    const checked = method ? checkFullDestination(problems, method, form.destination) : undefined;
    if (!method || !checked) throw new ConsoleError(400, say('withdrawals.destination_invalid'));
    const destination = maskedDestination(method, form.destination);
    const decided = await payRefundAudited(services, {
      id,
      method,
      destination,
      reference: form.payout_reference,
      staffId: c.get('staff').id,
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
