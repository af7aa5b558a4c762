import { say } from './messages.ts';
import type { Staff } from '../operator-env.ts';
import { csrfField, html } from './view.ts';
import { may } from '../permissions.ts';

/** Where a decision sends the admin back to: the player's page, or the page of every waiting request. */
export type DecisionReturn = 'player' | 'waiting';

/**
 * The decision cell of a waiting adjustment: approve and decline for an admin who did not ask for
 * it, otherwise why this staff member cannot decide (the server refuses the requester's own too).
 */
export function adjustmentDecision(
  row: { id: number; requested_by: number },
  staff: Staff,
  csrf: string,
  back: DecisionReturn,
) {
  if (!may(staff, 'adjustments.approve')) return say('actions.admin_decides');
  if (row.requested_by === staff.id) return say('actions.four_eyes_wait');
  const decide = (decision: 'approve' | 'decline') =>
    html`<form method="post" action="/operator/adjustments/${row.id}/${decision}">${csrfField(csrf)}<input
type="hidden" name="back" value="${back}"><button type="submit">${say(`actions.${decision}`)}<span
class="visually-hidden"> ${row.id}</span></button></form>`;
  return html`<div class="decide">${decide('approve')}${decide('decline')}</div>`;
}
