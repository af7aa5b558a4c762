import type { Staff } from '../operator-env.ts';
import type { PlayerDeposit } from '../player-deposit-model.ts';
import { say } from './messages.ts';
import { csrfField, html, money, table, when } from './view.ts';
import { may } from '../permissions.ts';

/**
 * The player page's deposits: each with the payment provider's reference and its status, and for
 * an admin the two ways to take a completed one back (chargeback, refund to its method), each a
 * form with the console's CSRF token and a reason. Above them, whether withdrawals are held.
 */
export function depositsSection(
  player: {
    id: number;
    currency: string;
    withdrawals_held_at: Date | string | null;
    withdrawals_held_reason: string | null;
  },
  deposits: PlayerDeposit[],
  staff: Staff,
  csrf: string,
) {
  const admin = may(staff, 'payments.decide');
  const reversalForm = (deposit: PlayerDeposit, path: 'chargeback' | 'refund') => {
    const field = `${path}-${deposit.id}`;
    return html`<form method="post" action="/operator/payments/${deposit.id}/${path}" class="stack action"
data-deposit-action="${path}">${csrfField(csrf)}
<p class="muted" id="${field}-hint">${say(`payments.${path}_hint`)}</p>
<label for="${field}-reason">${say('payments.reason')}</label>
<textarea id="${field}-reason" name="reason" required maxlength="500" rows="2" 
aria-describedby="${field}-hint"></textarea>
<button type="submit">${say(`payments.${path}`)}</button></form>`;
  };
  const actions = (deposit: PlayerDeposit) =>
    admin && deposit.status === 'completed'
      ? html`${reversalForm(deposit, 'chargeback')}${reversalForm(deposit, 'refund')}`
      : (deposit.reversal_reason ?? '');

  const hold = player.withdrawals_held_at
    ? html`<p data-withdrawals-held>${say('payments.held', {
        since: when(player.withdrawals_held_at),
        reason: player.withdrawals_held_reason ?? '',
      })}</p>${
        admin
          ? html`<form method="post" action="/operator/players/${player.id}/withdrawals/release" class="stack">
${csrfField(csrf)}<label for="release-reason">${say('actions.reason')}</label>
<textarea id="release-reason" name="reason" required maxlength="500" rows="2"></textarea>
<button type="submit">${say('payments.release_hold')}</button></form>`
          : ''
      }`
    : html`<p>${say('payments.not_held')}</p>`;

  return html`<section><h2>${say('payments.deposits_title')}</h2>${hold}${
    deposits.length
      ? table(
          say('payments.deposits_caption'),
          [
            say('payments.created'),
            say('players.amount'),
            say('withdrawals.method'),
            say('players.status'),
            say('payments.reference'),
            say('payments.deposit_actions'),
          ],
          deposits.map(
            (deposit) =>
              html`<tr data-deposit="${deposit.id}"><td>${when(deposit.created_at)}</td>
<td class="num">${money(deposit.amount, player.currency)}</td>
<td>${say(`withdrawals.method_${deposit.method}`)}</td>
<td data-deposit-status>${say(`payments.status_${deposit.status}`)}</td>
<td data-reference>${deposit.provider_reference ?? say('payments.no_reference')}</td>
<td>${actions(deposit)}</td></tr>`,
          ),
        )
      : html`<p>${say('payments.deposits_empty')}</p>`
  }</section>`;
}
