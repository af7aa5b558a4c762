import { Hono } from 'hono';
import type { Services } from '../../app-env.ts';
import { PAYMENT_ID } from '../../services/payments.ts';
import type { OperatorEnv } from '../operator-env.ts';
import { ConsoleError } from '../services/console-error.ts';
import {
  chargeBackDeposit,
  refundPlayerDeposit,
  releasePlayerWithdrawals,
  voidPlayerRound,
} from '../services/payment-actions.ts';
import { say } from '../views/messages.ts';
import { idParam, readForm, type FieldRule } from './form.ts';

const REASON: FieldRule = { label: say('payments.reason'), max: 500, required: true, multiline: true };

/** A payment id from the path; anything else is "not found", never a database error. */
function paymentParam(value: string): string {
  if (!PAYMENT_ID.test(value)) throw new ConsoleError(404, say('errors.not_found'));
  return value;
}

/**
 * Staff's money actions on a player's deposits and rounds, from the player page's forms: admin only (checked
 * here, whatever the page offered), each with the console's CSRF token (checked for every console
 * post) and a reason for the audit row.
 */
export function paymentActionRoutes(services: Services) {
  const app = new Hono<OperatorEnv>();
  const done = (id: number, what: string) => `/operator/players/${id}?done=${what}`;

  app.post('/operator/payments/:pid/chargeback', async (c) => {
    const paymentId = paymentParam(c.req.param('pid'));
    const { reason } = await readForm(c, { reason: REASON });
    const { player } = await chargeBackDeposit(services, c.get('staff').id, paymentId, reason);
    return c.redirect(done(player.id, 'charged_back'), 303);
  });

  app.post('/operator/payments/:pid/refund', async (c) => {
    const paymentId = paymentParam(c.req.param('pid'));
    const { reason } = await readForm(c, { reason: REASON });
    const { player } = await refundPlayerDeposit(services, c.get('staff').id, paymentId, reason);
    return c.redirect(done(player.id, 'refunded'), 303);
  });

  app.post('/operator/players/:id/withdrawals/release', async (c) => {
    const id = idParam(c.req.param('id'));
    const { reason } = await readForm(c, { reason: REASON });
    await releasePlayerWithdrawals(services, c.get('staff').id, id, reason);
    return c.redirect(done(id, 'hold_released'), 303);
  });

  app.post('/operator/players/:id/history/:tid/void', async (c) => {
    const id = idParam(c.req.param('id'));
    const historyId = idParam(c.req.param('tid'));
    const { reason } = await readForm(c, { reason: REASON });
    await voidPlayerRound(services, c.get('staff').id, id, historyId, reason);
    return c.redirect(done(id, 'round_voided'), 303);
  });

  return app;
}
