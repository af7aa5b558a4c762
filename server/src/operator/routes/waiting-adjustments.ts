import { Hono } from 'hono';
import type { Services } from '../../app-env.ts';
import { say } from '../views/messages.ts';
import type { OperatorEnv } from '../operator-env.ts';
import { adjustmentDecision } from '../views/adjustment-decision-view.ts';
import { html, money, page, table, when } from '../views/view.ts';
import { waitingAdjustments } from '../services/waiting-adjustments.ts';
import { playerLink } from './player-status.ts';

/** The result line after a decision taken on this page (`?done=`); unknown values show nothing. */
const DONE = ['adjusted', 'adjustment_declined'];

/**
 * "Waiting for a second admin": every balance adjustment above one admin's limit, over all
 * players, with approve and decline (posted to the decisions in player-actions.ts, which come back here).
 */
export function waitingAdjustmentRoutes(services: Services) {
  const app = new Hono<OperatorEnv>();

  app.get('/operator/adjustments', async (c) => {
    const rows = await waitingAdjustments(services.db);
    const staff = c.get('staff');
    const csrf = c.get('csrf');
    const done = c.req.query('done');
    const direction = (amount: string) => say(amount.startsWith('-') ? 'waiting.debit' : 'waiting.credit');
    return page(c, {
      title: say('waiting.title'),
      staff,
      csrf,
      notice: done && DONE.includes(done) ? say(`actions.done_${done}`) : undefined,
      body: rows.length
        ? table(
            say('waiting.caption'),
            [
              say('waiting.what'),
              say('waiting.player'),
              say('actions.amount'),
              say('actions.requested_by'),
              say('waiting.asked_at'),
              say('actions.decision'),
            ],
            rows.map(
              (row) =>
                html`<tr data-adjustment="${row.id}">
<td>${direction(row.amount)}, ${say(`actions.reason_${row.reason}`)}<br><span class="muted">${row.note}</span></td>
<td>${playerLink(row.user_id, row.username, row.email)}</td>
<td class="num">${money(row.amount, row.currency)}</td>
<td>${row.requester}</td>
<td>${when(row.requested_at)}</td>
<td>${adjustmentDecision(row, staff, csrf, 'waiting')}</td></tr>`,
            ),
          )
        : html`<p>${say('waiting.empty')}</p>`,
    });
  });

  return app;
}
