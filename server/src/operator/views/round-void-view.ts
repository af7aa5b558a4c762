import type { Staff } from '../operator-env.ts';
import { say } from './messages.ts';
import { csrfField, html } from './view.ts';
import { may } from '../permissions.ts';

/**
 * The history row's "Void round" form: for an admin, on a settled round that may be voided
 * (`voidable`), folded away (a reason is required; the console's CSRF token goes with it).
 * Nothing for anyone else.
 */
export function roundVoidCell(playerId: number, row: { id: number; voidable: boolean }, staff: Staff, csrf: string) {
  if (!may(staff, 'rounds.void') || !row.voidable) return '';
  const field = `void-${row.id}`;
  return html`<details><summary>${say('rounds.void')}</summary>
<form method="post" action="/operator/players/${playerId}/history/${row.id}/void" class="stack" data-void-round>
${csrfField(csrf)}<p class="muted" id="${field}-hint">${say('rounds.void_hint')}</p>
<label for="${field}-reason">${say('actions.reason')}</label>
<textarea id="${field}-reason" name="reason" required maxlength="500" rows="2" 
aria-describedby="${field}-hint"></textarea>
<button type="submit">${say('rounds.void')}</button></form></details>`;
}
