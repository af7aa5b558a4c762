import type { Severity } from '../../config/risk-config.ts';
import { RISK_RULES, type RuleId } from '../../services/risk/risk-rules.ts';
import { INTERACTION_KINDS } from '../../services/account-admin.ts';
import {
  ALERT_STATES,
  OUTCOMES,
  SEVERITIES,
  type AlertInteraction,
  type AlertRow,
  type LinkedAccount,
} from '../risk-alert-model.ts';
import { say } from './messages.ts';
import { buttonForm, csrfField, html, money, option, selectField, table, when } from './view.ts';
import type { SourceOfFunds } from '../../services/source-of-funds.ts';
import type { SourceOfFundsDocument } from '../../services/source-of-funds-documents.ts';
import type { LifetimeFigures } from '../player-lifetime-model.ts';

const HOUR = 3_600_000;

/** The player as the other queues show them: their page's link, and the email below. */
const player = (alert: AlertRow) =>
  html`<a href="/operator/players/${alert.user_id}">${alert.username}</a><br><span class="muted">${alert.email}</span>`;

/** How old the alert is and, while it is unresolved, the time left of its SLA (or how far over it is). */
export function ageAndSla(alert: AlertRow, now: Date, slaHours: Record<Severity, number>) {
  const age = Math.floor((now.getTime() - new Date(alert.created_at).getTime()) / HOUR);
  if (alert.state === 'resolved') return say('risk.age', { hours: age });
  const left = slaHours[alert.severity] - age;
  const sla = left >= 0 ? say('risk.sla_left', { hours: left }) : say('risk.sla_over', { hours: -left });
  return `${say('risk.age', { hours: age })} · ${sla}`;
}

const ruleName = (ruleId: string) => RISK_RULES[ruleId as RuleId]?.description ?? ruleId;

/** The queue's filters and its table. */
export function alertQueue(
  rows: AlertRow[],
  filters: { state: string; severity: string; rule: string },
  now: Date,
  slaHours: Record<Severity, number>,
) {
  const stateOptions = [
    option('unresolved', say('risk.state_unresolved'), filters.state),
    ...ALERT_STATES.map((state) => option(state, say(`risk.state_${state}`), filters.state)),
    option('', say('risk.any'), filters.state),
  ];
  const severityOptions = [
    option('', say('risk.any'), filters.severity),
    ...SEVERITIES.map((severity) => option(severity, say(`risk.severity_${severity}`), filters.severity)),
  ];
  const ruleOptions = [
    option('', say('risk.any'), filters.rule),
    ...Object.keys(RISK_RULES).map((rule) => option(rule, rule, filters.rule)),
  ];
  const form = html`<form method="get" action="/operator/risk/alerts" class="filters">
<label for="state">${say('risk.state')}</label>${selectField('state', stateOptions)}
<label for="severity">${say('risk.severity')}</label>${selectField('severity', severityOptions)}
<label for="rule">${say('risk.rule')}</label>${selectField('rule', ruleOptions)}
<button type="submit">${say('risk.filter')}</button></form>
<p><a href="/operator/risk/alerts.csv?${new URLSearchParams(filters).toString()}" download>${say('risk.csv')}</a></p>`;
  if (!rows.length) return html`${form}<p>${say('risk.empty')}</p>`;
  return html`${form}${table(
    say('risk.caption'),
    [say('risk.severity'), say('risk.player'), say('risk.rule'), say('risk.state'), say('risk.age_sla'), ''],
    rows.map(
      (row) => html`<tr data-alert="${row.id}">
<td>${say(`risk.severity_${row.severity}`)}</td>
<td>${player(row)}</td>
<td><code>${row.rule_id}</code><br>${ruleName(row.rule_id)}</td>
<td>${say(`risk.state_${row.state}`)}${row.assignee ? html`<br>${row.assignee}` : ''}</td>
<td>${ageAndSla(row, now, slaHours)}</td>
<td><a href="/operator/risk/alerts/${row.id}">${say('risk.open')}</a></td>
</tr>`,
    ),
  )}`;
}

/** Evidence values that are ids of players link to their page; everything else is shown as text. */
function evidence(alert: AlertRow) {
  return html`<dl class="facts">${Object.entries(alert.evidence).map(([name, value]) => {
    if (name === 'linked_users' && Array.isArray(value))
      return html`<dt>${name}</dt><dd>${value.map(
        (id) => html`<a href="/operator/players/${Number(id)}">#${Number(id)}</a> `,
      )}</dd>`;
    return html`<dt>${name}</dt><dd><code>${typeof value === 'string' ? value : JSON.stringify(value)}</code></dd>`;
  })}</dl>`;
}

/** The interactions recorded from the alert; the one its resolution points to is marked. */
const interactionList = (interactions: AlertInteraction[], resolvedWith: number | null) =>
  interactions.length
    ? html`<ul class="notes" data-interactions>${interactions.map(
        (row) => html`<li><p><strong>${say(`actions.interaction_${row.kind}`)}:</strong> ${row.note}</p>
<p class="muted">${row.email} · ${when(row.created_at)}${
          row.id === resolvedWith ? html` · ${say('risk.resolved_with')}` : ''
        }</p></li>`,
      )}</ul>`
    : html`<p>${say('risk.no_interactions')}</p>`;

/** One alert: its facts, evidence and notes, and the actions staff who may work it are offered. */
export function alertDetail(
  alert: AlertRow,
  notes: { body: string; email: string; created_at: Date }[],
  interactions: AlertInteraction[],
  view: { csrf: string; mayWork: boolean; now: Date; slaHours: Record<Severity, number> },
) {
  const { csrf } = view;
  const base = `/operator/risk/alerts/${alert.id}`;
  const unresolved = alert.state !== 'resolved';
  const actions = !view.mayWork
    ? html`<p class="muted">${say('risk.support_note')}</p>`
    : html`<div class="decide">
${unresolved ? buttonForm(`${base}/assign`, csrf, say('risk.assign')) : ''}
<form method="post" action="${base}/interactions" class="stack">${csrfField(csrf)}
<label for="interaction-kind">${say('actions.interaction_kind')}</label>
<select id="interaction-kind" name="kind">${INTERACTION_KINDS.map(
        (kind) => html`<option value="${kind}">${say(`actions.interaction_${kind}`)}</option>`,
      )}</select>
<label for="interaction-note">${say('risk.interaction_note')}</label>
<textarea id="interaction-note" name="note" maxlength="2000" rows="3" required></textarea>
<button type="submit">${say('actions.record_interaction')}</button></form>
<form method="post" action="${base}/notes" class="stack">${csrfField(csrf)}
<label for="body">${say('risk.note')}</label><textarea id="body" name="body" maxlength="2000" rows="3"></textarea>
<button type="submit">${say('risk.add_note')}</button></form>
${
  unresolved
    ? html`<form method="post" action="${base}/resolve" class="stack">${csrfField(csrf)}
<label for="outcome">${say('risk.outcome')}</label>${selectField(
        'outcome',
        OUTCOMES.map((outcome) => html`<option value="${outcome}">${say(`risk.outcome_${outcome}`)}</option>`),
      )}
<button type="submit">${say('risk.resolve')}</button></form>`
    : buttonForm(`${base}/reopen`, csrf, say('risk.reopen'))
}
</div>`;
  return html`<dl class="facts">
<dt>${say('risk.player')}</dt><dd>${player(alert)}</dd>
<dt>${say('risk.rule')}</dt><dd><code>${alert.rule_id}</code>: ${ruleName(alert.rule_id)}</dd>
<dt>${say('risk.severity')}</dt><dd>${say(`risk.severity_${alert.severity}`)}</dd>
<dt>${say('risk.state')}</dt><dd data-state>${say(`risk.state_${alert.state}`)}${
    alert.assignee ? ` (${alert.assignee})` : ''
  }${alert.outcome ? html`: ${say(`risk.outcome_${alert.outcome}`)}` : ''}</dd>
<dt>${say('risk.created')}</dt><dd>${when(alert.created_at)}</dd>
<dt>${say('risk.age_sla')}</dt><dd>${ageAndSla(alert, view.now, view.slaHours)}</dd>
</dl>
<h2>${say('risk.evidence')}</h2>
${evidence(alert)}
<h2>${say('risk.notes')}</h2>
${
  notes.length
    ? html`<ul class="notes">${notes.map(
        (note) => html`<li><p>${note.body}</p><p class="muted">${note.email} · ${when(note.created_at)}</p></li>`,
      )}</ul>`
    : html`<p>${say('risk.no_notes')}</p>`
}
<h2>${say('risk.interactions')}</h2>
${interactionList(interactions, alert.interaction_id)}
${actions}`;
}

/** Where the player's source of funds stands, and the action risk staff may take next. */
function sourceOfFundsPart(
  sof: SourceOfFunds | undefined,
  documents: SourceOfFundsDocument[],
  view: { id: number; csrf: string; mayWork: boolean },
) {
  const base = `/operator/players/${view.id}/source-of-funds`;
  const sent = sof
    ? documents.length
      ? html`<ul data-sof-documents>${documents.map(
          (doc, index) =>
            html`<li><a href="${base}/documents/${doc.id}" target="_blank" rel="noopener">${say('risk.sof_document', {
              n: index + 1,
            })}</a> <span class="muted">${doc.mime}, ${Math.ceil(doc.size / 1024)} KB ·
${when(doc.uploaded_at)}</span></li>`,
        )}</ul>`
      : html`<p data-sof-documents>${say('risk.sof_no_documents')}</p>`
    : '';
  const state = !sof
    ? say('risk.sof_none')
    : sof.state === 'requested'
      ? say('risk.sof_requested', { by: sof.requested_by, at: when(sof.requested_at) })
      : say('risk.sof_reviewed', { by: sof.reviewed_by ?? '', at: sof.reviewed_at ? when(sof.reviewed_at) : '' });
  if (!view.mayWork) return html`<p data-sof="${sof?.state ?? 'none'}">${state}</p>${sent}`;
  const action =
    sof?.state === 'requested'
      ? html`<form method="post" action="${base}/review" class="stack">${csrfField(view.csrf)}
<label for="sof-reason">${say('risk.sof_review_note')}</label>
<input id="sof-reason" name="reason" required maxlength="500">
<button type="submit">${say('risk.sof_review')}</button></form>`
      : buttonForm(base, view.csrf, say('risk.sof_request'));
  return html`<p data-sof="${sof?.state ?? 'none'}">${state}</p>${sent}${action}`;
}

/** What the player page's risk panel shows. */
export interface RiskPanelFacts {
  alerts: AlertRow[];
  linked: LinkedAccount[];
  lifetime: LifetimeFigures;
  interactions: { kind: string; note: string; created_at: Date | string; email: string }[];
  currency: string;
  sourceOfFunds: SourceOfFunds | undefined;
  /** The documents the player sent for the newest request. */
  sofDocuments: SourceOfFundsDocument[];
}

const PANEL_FIGURES = ['deposits', 'withdrawals', 'net', 'ggr'] as const;
const LATEST_INTERACTIONS = 3;

/**
 * The player page's risk panel: the open alerts (each linked), the linked accounts with how they
 * are linked, the lifetime money (the figures the overview computes) and the latest interactions.
 */
export function riskPanel(
  { alerts, linked, lifetime, interactions, currency, sourceOfFunds, sofDocuments }: RiskPanelFacts,
  view: { id: number; csrf: string; mayWork: boolean },
) {
  const openAlerts = alerts.length
    ? html`<ul>${alerts.map(
        (alert) => html`<li><a href="/operator/risk/alerts/${alert.id}">${say(`risk.severity_${alert.severity}`)}:
<code>${alert.rule_id}</code></a> ${ruleName(alert.rule_id)} (${when(alert.created_at)})</li>`,
      )}</ul>`
    : html`<p>${say('risk.panel_none')}</p>`;
  const links = linked.length
    ? html`<ul data-linked>${linked.map(
        (row) => html`<li data-link="${row.link}"><a href="/operator/players/${row.id}">${row.username}</a>
<span class="muted">${row.email}</span>: ${say(`risk.link_${row.link}`)}</li>`,
      )}</ul>`
    : html`<p>${say('risk.linked_none')}</p>`;
  const latest = interactions.slice(0, LATEST_INTERACTIONS);
  return html`<div data-risk-panel>
<h3>${say('risk.panel_alerts')}</h3>${openAlerts}
<h3>${say('risk.panel_linked')}</h3>${links}
<h3>${say('risk.panel_money')}</h3>
<dl class="facts">${PANEL_FIGURES.map(
    (figure) =>
      html`<dt>${say(`players.lifetime_${figure}`)}</dt><dd data-risk-figure="${figure}">${money(
        lifetime[figure],
        currency,
      )}</dd>`,
  )}</dl>
<h3>${say('risk.sof')}</h3>${sourceOfFundsPart(sourceOfFunds, sofDocuments, view)}
<h3>${say('risk.panel_interactions')}</h3>${
    latest.length
      ? html`<ul class="notes">${latest.map(
          (row) => html`<li><p><strong>${say(`actions.interaction_${row.kind}`)}:</strong> ${row.note}</p>
<p class="muted">${row.email} · ${when(row.created_at)}</p></li>`,
        )}</ul>`
      : html`<p>${say('actions.interactions_empty')}</p>`
  }
</div>`;
}
