import { randomUUID } from 'node:crypto';
import { Hono } from 'hono';
import {
  PAYMENT_METHODS,
  RG_PERIODS,
  TIME_OUT_PERIODS,
  type RgPeriod,
  type TimeOutPeriod,
} from '#core/api/contract.ts';
import { checkFullDestination } from '../../schemas/destination.ts';
import { formatMoney } from '#core/i18n/money-format.ts';
import { fromCents, toCents } from '#core/api/money.ts';
import type { Services } from '../../app-env.ts';
import { checkEmail, normalizeEmail, type Problems } from '#core/api/validation.ts';
import {
  accountClosedMail,
  emailChangeConfirmMail,
  staffEmailChangeNoticeMail,
  staffActionMail,
  twoFactorChangedMail,
  type StaffActionKind,
} from '../../mail/messages.ts';
import {
  ADJUSTMENT_REASONS,
  EMAIL_CHANGE_HOURS,
  INTERACTION_KINDS,
  staffEmailChangeLink,
  type AdjustmentReason,
  type InteractionKind,
  type PlayerRecord,
} from '../../services/account-admin.ts';
import type { LimitKind } from '../../services/rg/limits.ts';
import {
  adjustPlayerBalance,
  closePlayerAccount,
  decidePendingAdjustment,
  endPlayerSessions,
  grantPlayerBonus,
  lowerPlayerLimit,
  recordPlayerInteraction,
  requestPlayerSourceOfFunds,
  reviewPlayerSourceOfFunds,
  reinstatePlayer,
  removePlayerTwoFactor,
  requestPlayerEmailChange,
  suspendPlayer,
  timeOutPlayer,
} from '../services/player-actions.ts';
import { idParam, readForm, type FieldRule } from './form.ts';
import { ConsoleError } from '../services/console-error.ts';
import { say } from '../views/messages.ts';
import type { OperatorEnv, Staff } from '../operator-env.ts';
import { csrfField, html, money, table, when } from '../views/view.ts';
import { adjustmentDecision } from '../views/adjustment-decision-view.ts';
import { may } from '../permissions.ts';

const REASON: FieldRule = { label: say('actions.reason'), max: 500, required: true, multiline: true };
const LIMIT_KINDS: readonly LimitKind[] = ['deposit', 'loss'];
const MAX_MULTIPLIER = 100;

/** One value of a fixed list, or 400 naming the field. */
function choice<T extends string>(value: string, allowed: readonly T[], label: string): T {
  if (!(allowed as readonly string[]).includes(value))
    throw new ConsoleError(400, say('actions.invalid_choice', { field: label }));
  return value as T;
}

/** A positive amount with at most two decimals, normalised ("25" → "25.00"), or 400. */
function positiveAmount(value: string, label: string): string {
  const cents = toCents(value);
  if (cents === undefined || cents === 0n) throw new ConsoleError(400, say('actions.invalid_amount', { field: label }));
  return fromCents(cents);
}

/**
 * What staff may do to a player: each a form on the player page, admin only unless
 * said, with a reason; the change, its audit row (before → after) and the player's notification
 * commit in one transaction, and the mail goes out after it.
 */
export function playerActionRoutes(services: Services) {
  const { config } = services;
  const app = new Hono<OperatorEnv>();
  const support = config.mail.supportEmail;

  const mail = (player: PlayerRecord, kind: StaffActionKind, params: Parameters<typeof staffActionMail>[2]) =>
    services.mailer.dispatch(staffActionMail(player, kind, params));
  const done = (id: number, what: string) => `/operator/players/${id}?done=${what}`;

  app.post('/operator/players/:id/suspend', async (c) => {
    const id = idParam(c.req.param('id'));
    const { reason } = await readForm(c, { reason: REASON });
    const { player } = await suspendPlayer(services, c.get('staff').id, id, reason);
    mail(player, 'suspended', { support });
    return c.redirect(done(id, 'suspended'), 303);
  });

  app.post('/operator/players/:id/reinstate', async (c) => {
    const id = idParam(c.req.param('id'));
    const { reason } = await readForm(c, { reason: REASON });
    const { player } = await reinstatePlayer(services, c.get('staff').id, id, reason);
    mail(player, 'reinstated', { support });
    return c.redirect(done(id, 'reinstated'), 303);
  });

  app.post('/operator/players/:id/source-of-funds', async (c) => {
    const id = idParam(c.req.param('id'));
    const { player } = await requestPlayerSourceOfFunds(services, c.get('staff').id, id);
    mail(player, 'sof_requested', {
      amount: config.risk.sofWithdrawalThreshold,
      currency: player.currency,
      email: support,
      support,
    });
    return c.redirect(done(id, 'sof_requested'), 303);
  });

  app.post('/operator/players/:id/source-of-funds/review', async (c) => {
    const id = idParam(c.req.param('id'));
    const { reason } = await readForm(c, { reason: REASON });
    await reviewPlayerSourceOfFunds(services, c.get('staff').id, id, reason);
    return c.redirect(done(id, 'sof_reviewed'), 303);
  });

  // Closing at the player's request: the player's own closure (services/account.ts), its payout rule included.
  app.post('/operator/players/:id/close', async (c) => {
    const id = idParam(c.req.param('id'));
    const form = await readForm(c, {
      method: { label: say('withdrawals.method'), max: 20 },
      destination: { label: say('withdrawals.refund_to'), max: 64 },
      reason: REASON,
      confirm: { label: say('actions.close_confirm'), max: 3 },
    });
    if (form.confirm !== 'yes') throw new ConsoleError(400, say('actions.close_confirm_required'));
    // As for the player: a method or a destination given, both must be valid (the withdrawal form's rules).
    let payout: { method: string; destination: string } | undefined;
    if (form.method || form.destination) {
      const method = PAYMENT_METHODS.find((known) => known === form.method);
      const destination = method ? checkFullDestination({}, method, form.destination) : undefined;
      if (!method || !destination) throw new ConsoleError(400, say('withdrawals.destination_invalid'));
      payout = { method, destination };
    }
    const { player, result, now } = await closePlayerAccount(services, c.get('staff').id, id, form.reason, payout);
    const paid = result.outcome.closed ? result.outcome.payout : undefined;
    services.mailer.dispatch(
      accountClosedMail(
        player,
        now,
        config.accountRetentionDays,
        paid ? formatMoney(paid.amount, player.currency, player.locale) : undefined,
      ),
    );
    return c.redirect(done(id, 'closed'), 303);
  });

  app.post('/operator/players/:id/adjustments', async (c) => {
    const id = idParam(c.req.param('id'));
    const form = await readForm(c, {
      direction: { label: say('actions.direction'), max: 10, required: true },
      amount: { label: say('actions.amount'), max: 20, required: true },
      reason: { label: say('actions.adjust_reason'), max: 20, required: true },
      note: { label: say('actions.note'), max: 500, required: true, multiline: true },
      token: { label: 'token', max: 64, required: true },
    });
    const direction = choice(form.direction, ['credit', 'debit'] as const, say('actions.direction'));
    const reason = choice<AdjustmentReason>(form.reason, ADJUSTMENT_REASONS, say('actions.adjust_reason'));
    const size = positiveAmount(form.amount, say('actions.amount'));
    if (!/^[A-Za-z0-9-]{16,64}$/.test(form.token)) throw new ConsoleError(400, say('errors.csrf'));
    const amount = direction === 'debit' ? `-${size}` : size;
    const { player, result } = await adjustPlayerBalance(services, c.get('staff').id, id, {
      amount,
      reason,
      note: form.note,
      token: form.token,
    });
    if (result.outcome === 'applied') mail(player, 'adjusted', { amount, currency: player.currency, support });
    return c.redirect(done(id, result.outcome === 'pending' ? 'adjustment_waiting' : 'adjusted'), 303);
  });

  for (const decision of ['approve', 'decline'] as const) {
    app.post(`/operator/adjustments/:aid/${decision}`, async (c) => {
      const aid = idParam(c.req.param('aid'));
      const { back } = await readForm(c, { back: { label: 'back', max: 10 } });
      const staff = c.get('staff');
      const outcome = await decidePendingAdjustment(services, staff.id, aid, decision === 'approve');
      if (outcome.applied)
        mail(outcome.player, 'adjusted', {
          amount: outcome.adjustment.amount,
          currency: outcome.player.currency,
          support,
        });
      const result = outcome.applied ? 'adjusted' : 'adjustment_declined';
      return c.redirect(
        back === 'waiting' ? `/operator/adjustments?done=${result}` : done(outcome.player.id, result),
        303,
      );
    });
  }

  app.post('/operator/players/:id/bonus', async (c) => {
    const id = idParam(c.req.param('id'));
    const form = await readForm(c, {
      amount: { label: say('actions.amount'), max: 20, required: true },
      multiplier: { label: say('actions.multiplier'), max: 3, required: true },
      reason: REASON,
    });
    const amount = positiveAmount(form.amount, say('actions.amount'));
    if (!/^\d{1,3}$/.test(form.multiplier) || Number(form.multiplier) < 1 || Number(form.multiplier) > MAX_MULTIPLIER) {
      throw new ConsoleError(400, say('actions.invalid_multiplier', { max: MAX_MULTIPLIER }));
    }
    const multiplier = Number(form.multiplier);
    const { player } = await grantPlayerBonus(services, c.get('staff').id, id, {
      amount,
      multiplier,
      reason: form.reason,
    });
    mail(player, 'bonus', { amount, currency: player.currency, multiplier: String(multiplier), support });
    return c.redirect(done(id, 'bonus'), 303);
  });

  app.post('/operator/players/:id/limits', async (c) => {
    const id = idParam(c.req.param('id'));
    const form = await readForm(c, {
      kind: { label: say('actions.limit_kind'), max: 10, required: true },
      period: { label: say('actions.limit_period'), max: 10, required: true },
      amount: { label: say('actions.amount'), max: 20, required: true },
      reason: REASON,
    });
    const kind = choice<LimitKind>(form.kind, LIMIT_KINDS, say('actions.limit_kind'));
    const period = choice<RgPeriod>(form.period, RG_PERIODS, say('actions.limit_period'));
    const amount = positiveAmount(form.amount, say('actions.amount'));
    const { player } = await lowerPlayerLimit(services, c.get('staff').id, id, {
      kind,
      period,
      amount,
      reason: form.reason,
    });
    mail(player, 'limit', { support });
    return c.redirect(done(id, 'limit'), 303);
  });

  app.post('/operator/players/:id/time-out', async (c) => {
    const id = idParam(c.req.param('id'));
    const form = await readForm(c, {
      period: { label: say('actions.time_out_period'), max: 10, required: true },
      reason: REASON,
    });
    const period = choice<TimeOutPeriod>(form.period, TIME_OUT_PERIODS, say('actions.time_out_period'));
    const { player, result } = await timeOutPlayer(services, c.get('staff').id, id, period, form.reason);
    mail(player, 'time_out', { until: result.until, support });
    return c.redirect(done(id, 'time_out'), 303);
  });

  // Support may record interactions too: talking to players is their job.
  app.post('/operator/players/:id/interactions', async (c) => {
    const id = idParam(c.req.param('id'));
    const form = await readForm(c, {
      kind: { label: say('actions.interaction_kind'), max: 20, required: true },
      note: { label: say('actions.note'), max: 2000, required: true, multiline: true },
    });
    const kind = choice<InteractionKind>(form.kind, INTERACTION_KINDS, say('actions.interaction_kind'));
    await recordPlayerInteraction(services, c.get('staff').id, id, kind, form.note);
    return c.redirect(done(id, 'interaction'), 303);
  });

  app.post('/operator/players/:id/sessions/end', async (c) => {
    const id = idParam(c.req.param('id'));
    const { reason } = await readForm(c, { reason: REASON });
    await endPlayerSessions(services, c.get('staff').id, id, reason);
    return c.redirect(done(id, 'sessions_ended'), 303);
  });

  app.post('/operator/players/:id/two-factor/remove', async (c) => {
    const id = idParam(c.req.param('id'));
    const { reason } = await readForm(c, { reason: REASON });
    const { player, now } = await removePlayerTwoFactor(services, c.get('staff').id, id, reason);
    services.mailer.dispatch(twoFactorChangedMail(player, false, now, support));
    return c.redirect(done(id, 'two_factor_removed'), 303);
  });

  app.post('/operator/players/:id/email', async (c) => {
    const id = idParam(c.req.param('id'));
    const form = await readForm(c, {
      email: { label: say('actions.new_email'), max: 254, required: true },
      reason: REASON,
    });
    const problems: Problems = {};
    checkEmail(problems, form.email);
    if (problems.email) throw new ConsoleError(400, say('actions.invalid_email'));
    const email = normalizeEmail(form.email);
    const { player, result } = await requestPlayerEmailChange(services, c.get('staff').id, id, email, form.reason);
    const link = staffEmailChangeLink(config.apiUrl, result.token);
    services.mailer.dispatch(emailChangeConfirmMail(player, email, link, EMAIL_CHANGE_HOURS, support));
    services.mailer.dispatch(staffEmailChangeNoticeMail(player, email, support));
    return c.redirect(done(id, 'email_change'), 303);
  });

  return app;
}

/** The player page's part for staff actions: what only admins may do, and what support may. */
export function actionsSection(
  player: {
    id: number;
    currency: string;
    balance: string;
    suspended_at: Date | string | null;
    suspended_reason: string | null;
    closed_at: Date | string | null;
    close_reason: string | null;
  },
  staff: Staff,
  csrf: string,
  pending: {
    id: number;
    amount: string;
    reason: string;
    note: string;
    requested_by: number;
    requested_at: Date | string;
    requester: string;
  }[],
  interactions: { kind: string; note: string; created_at: Date | string; email: string }[],
  threshold: string,
) {
  const admin = may(staff, 'players.edit');
  const id = player.id;
  const reasonField = (form: string) =>
    html`<label for="${form}-reason">${say('actions.reason')}</label>
<textarea id="${form}-reason" name="reason" required maxlength="500" rows="2"></textarea>`;
  const form = (path: string, name: string, fields: unknown, button: string) =>
    html`<form method="post" action="/operator/players/${id}/${path}" class="stack action" 
aria-labelledby="${name}-title">${csrfField(csrf)}
<h3 id="${name}-title">${button}</h3>${fields}<button type="submit">${button}</button></form>`;
  const options = (values: readonly string[], group: string) =>
    values.map((value) => html`<option value="${value}">${say(`actions.${group}_${value}`)}</option>`);

  const state = html`<dl class="facts">
<dt>${say('actions.account_state')}</dt><dd data-account-state>${
    player.closed_at
      ? say('actions.state_closed', { since: when(player.closed_at), reason: player.close_reason ?? '' })
      : player.suspended_at
        ? say('actions.state_suspended', {
            since: when(player.suspended_at),
            reason: player.suspended_reason ?? '',
          })
        : say('actions.state_active')
  }</dd></dl>`;

  // Closing at the player's request: a balance above zero is paid out, so it asks where to.
  const hasBalance = (toCents(player.balance) ?? 0n) > 0n;
  const closeBalance = say('actions.close_balance', { balance: money(player.balance, player.currency) });
  const closeForm = form(
    'close',
    'close',
    html`<p class="muted" id="close-hint">${say('actions.close_hint')}</p>
${
  hasBalance
    ? html`<p id="close-balance">${closeBalance}</p>
<label for="close-method">${say('withdrawals.method')}</label>
<select id="close-method" name="method">${PAYMENT_METHODS.map(
        (method) => html`<option value="${method}">${say(`withdrawals.method_${method}`)}</option>`,
      )}</select>
<label for="close-destination">${say('withdrawals.refund_to')}</label>
<input id="close-destination" name="destination" required maxlength="64" autocomplete="off">`
    : ''
}
${reasonField('close')}
<label class="check"><input type="checkbox" name="confirm" value="yes" required>
 ${say('actions.close_confirm')}</label>`,
    say('actions.close_account'),
  );

  const waiting = pending.length
    ? table(
        say('actions.waiting_caption'),
        [
          say('actions.amount'),
          say('actions.adjust_reason'),
          say('actions.note'),
          say('actions.requested_by'),
          say('actions.decision'),
        ],
        pending.map(
          (row) =>
            html`<tr data-adjustment="${row.id}"><td class="num">${money(row.amount, player.currency)}</td>
<td>${say(`actions.reason_${row.reason}`)}</td>
<td>${row.note}</td><td>${row.requester}, ${when(row.requested_at)}</td>
<td>${adjustmentDecision(row, staff, csrf, 'player')}</td></tr>`,
        ),
      )
    : html`<p>${say('actions.waiting_empty')}</p>`;

  const adminForms = player.closed_at
    ? html`<p>${say('actions.closed_no_actions')}</p>`
    : admin
      ? html`<div class="actions">
${
  player.suspended_at
    ? form('reinstate', 'reinstate', reasonField('reinstate'), say('actions.reinstate'))
    : form('suspend', 'suspend', reasonField('suspend'), say('actions.suspend'))
}
${form(
  'adjustments',
  'adjust',
  html`<input type="hidden" name="token" value="${randomUUID()}">
<label for="adjust-direction">${say('actions.direction')}</label>
<select id="adjust-direction" name="direction"><option value="credit">${say('actions.credit')}</option>
<option value="debit">${say('actions.debit')}</option></select>
<label for="adjust-amount">${say('actions.amount')}</label>
<input id="adjust-amount" name="amount" required inputmode="decimal" pattern="\\d{1,12}(\\.\\d{1,2})?" maxlength="15" 
aria-describedby="adjust-hint">
<p id="adjust-hint" class="muted">
${say('actions.adjust_hint', { threshold: money(fromCents(toCents(threshold)!), player.currency) })}</p>
<label for="adjust-reason">${say('actions.adjust_reason')}</label>
<select id="adjust-reason" name="reason">${options(ADJUSTMENT_REASONS, 'reason')}</select>
<label for="adjust-note">${say('actions.note')}</label>
<textarea id="adjust-note" name="note" required maxlength="500" rows="2"></textarea>`,
  say('actions.adjust'),
)}
${form(
  'bonus',
  'bonus',
  html`<label for="bonus-amount">${say('actions.amount')}</label>
<input id="bonus-amount" name="amount" required inputmode="decimal" maxlength="15">
<label for="bonus-multiplier">${say('actions.multiplier')}</label>
<input id="bonus-multiplier" name="multiplier" required inputmode="numeric" maxlength="3" value="30">
${reasonField('bonus')}`,
  say('actions.grant_bonus'),
)}
${form(
  'limits',
  'limit',
  html`<p class="muted">${say('actions.limit_hint')}</p>
<label for="limit-kind">${say('actions.limit_kind')}</label>
<select id="limit-kind" name="kind">${options(LIMIT_KINDS, 'limit')}</select>
<label for="limit-period">${say('actions.limit_period')}</label>
<select id="limit-period" name="period">${options(RG_PERIODS, 'period')}</select>
<label for="limit-amount">${say('actions.amount')}</label>
<input id="limit-amount" name="amount" required inputmode="decimal" maxlength="15">
${reasonField('limit')}`,
  say('actions.set_limit'),
)}
${form(
  'time-out',
  'time-out',
  html`<p class="muted">${say('actions.time_out_hint')}</p>
<label for="time-out-period">${say('actions.time_out_period')}</label>
<select id="time-out-period" name="period">${options(TIME_OUT_PERIODS, 'time_out')}</select>
${reasonField('time-out')}`,
  say('actions.time_out'),
)}
${form('sessions/end', 'sessions', reasonField('sessions'), say('actions.end_sessions'))}
${form('two-factor/remove', 'two-factor', reasonField('two-factor'), say('actions.remove_two_factor'))}
${form(
  'email',
  'email',
  html`<p class="muted">${say('actions.email_hint')}</p>
<label for="email-new">${say('actions.new_email')}</label>
<input id="email-new" name="email" type="email" required maxlength="254" autocomplete="off">
${reasonField('email')}`,
  say('actions.change_email'),
)}
${closeForm}
</div>`
      : html`<p>${say('actions.admin_only')}</p>`;

  return html`<section><h2>${say('actions.title')}</h2>${state}
<h3>${say('actions.waiting_title')}</h3>${waiting}
${adminForms}</section>
<section><h2>${say('actions.interactions_title')}</h2>${
    interactions.length
      ? html`<ul class="notes">${interactions.map(
          (row) =>
            html`<li><p class="note"><strong>${say(`actions.interaction_${row.kind}`)}:</strong> ${row.note}</p>
<p class="muted">${say('players.note_by')} ${row.email}, ${when(row.created_at)}</p></li>`,
        )}</ul>`
      : html`<p>${say('actions.interactions_empty')}</p>`
  }
<form method="post" action="/operator/players/${id}/interactions" class="stack">${csrfField(csrf)}
<label for="interaction-kind">${say('actions.interaction_kind')}</label>
<select id="interaction-kind" name="kind">${options(INTERACTION_KINDS, 'interaction')}</select>
<label for="interaction-note">${say('actions.note')}</label>
<textarea id="interaction-note" name="note" required maxlength="2000" rows="3"></textarea>
<button type="submit">${say('actions.record_interaction')}</button></form></section>`;
}
