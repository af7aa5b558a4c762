import type { Context } from 'hono';
import { html, raw } from 'hono/html';
import type { HtmlEscapedString } from 'hono/utils/html';
import { formatMoney } from '#core/i18n/money-format.ts';
import { say } from './messages.ts';
import type { OperatorEnv, Staff } from '../operator-env.ts';
import { may, type Permission } from '../permissions.ts';

export type Html = HtmlEscapedString | Promise<HtmlEscapedString>;
export { html };

/**
 * The console's own policy: no inline script or style anywhere (scripts only as files from the
 * console itself); documents are framed from 'self'.
 */
export const CONSOLE_CSP =
  "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; frame-src 'self'; " +
  "form-action 'self'; frame-ancestors 'none'; base-uri 'none'";

/** Link, label, and the permission its page needs (nobody is offered what they may not open). */
const NAV: [string, string, Permission][] = [
  ['/operator', 'nav.home', 'dashboard.view'],
  ['/operator/withdrawals', 'nav.withdrawals', 'payments.view'],
  ['/operator/verifications', 'nav.verifications', 'verifications.view'],
  ['/operator/risk/alerts', 'nav.risk', 'risk.view'],
  ['/operator/players', 'nav.players', 'players.view'],
  ['/operator/payments', 'nav.payments', 'payments.view'],
  ['/operator/reports', 'nav.reports', 'reports.view'],
  ['/operator/news', 'nav.news', 'content.edit'],
  ['/operator/offers', 'nav.offers', 'offers.manage'],
  ['/operator/races', 'nav.races', 'offers.manage'],
  ['/operator/audit', 'nav.audit', 'audit.view'],
  ['/operator/staff', 'nav.staff', 'staff.manage'],
  ['/operator/games', 'nav.games', 'games.manage'],
];

export interface PageOptions {
  title: string;
  body: Html;
  /** Signed-in staff see the navigation and the sign-out button. */
  staff?: Staff;
  csrf?: string;
  /** A line shown above the content (a result, a warning). */
  notice?: string | Html;
  status?: 200 | 400 | 403 | 404 | 409 | 410 | 422 | 429 | 503;
  /** The console's own script files this page loads (never inline: the CSP refuses inline script). */
  scripts?: string[];
}

/** A whole console page. Every value is escaped by `html`; only this file's markup is raw. */
export function page(c: Context<OperatorEnv>, options: PageOptions) {
  const { title, body, staff, csrf, notice, status = 200, scripts = [] } = options;
  const current = c.req.path;
  const nav = staff
    ? html`<nav aria-label="${say('layout.nav_label')}"><ul>${NAV.filter(([, , permission]) =>
        may(staff, permission),
      ).map(
        ([href, key]) =>
          html`<li><a href="${href}"${current === href ? raw(' aria-current="page"') : ''}>${say(key)}</a></li>`,
      )}</ul></nav>
      <form method="post" action="/operator/sign-out" class="sign-out">${csrfField(csrf)}
        <span>${say('layout.signed_in_as', { email: staff.email, role: say(`layout.role_${staff.role}`) })}</span>
        <button type="submit">${say('layout.sign_out')}</button>
      </form>`
    : '';
  return c.html(
    html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<title>${title} · ${say('layout.brand')}</title>
<link rel="stylesheet" href="/operator/assets/console.css">
${scripts.map((src) => html`<script type="module" src="${src}"></script>`)}
</head>
<body>
<a class="skip" href="#main">${say('layout.skip')}</a>
<header><p class="brand">${say('layout.brand')}</p>${nav}</header>
<main id="main">
<h1>${title}</h1>
${notice ? html`<p class="notice" role="status">${notice}</p>` : ''}
${body}
</main>
</body>
</html>`,
    status,
  );
}

/** An option of a filter's select, selected when it is the current value. */
export const option = (value: string, label: string, current: string) =>
  html`<option value="${value}"${value === current ? html` selected` : ''}>${label}</option>`;

/** A list's path with its filter's query string, if any (for its CSV link). */
export const withQuery = (path: string, query: URLSearchParams) =>
  query.toString() ? `${path}?${query.toString()}` : path;

export const csrfField = (token?: string) => (token ? html`<input type="hidden" name="csrf" value="${token}">` : '');

/** A form that is one button, posting to `action` with the session's CSRF token. */
export const buttonForm = (action: string, csrf: string, label: unknown) =>
  html`<form method="post" action="${action}">${csrfField(csrf)}<button type="submit">${label}</button></form>`;

/** The required "yes" box that confirms an action; `label` follows the box after a space. */
export const confirmBox = (label: unknown) =>
  html`<label class="check"><input type="checkbox" name="confirm" value="yes" required> ${label}</label>`;

/** Text for screen readers only (a link's or button's full name beside a short visible one). */
export const visuallyHidden = (text: unknown) => html`<span class="visually-hidden">${text}</span>`;

/** A table row's plain cells, side by side. */
export const cells = (...values: unknown[]) => values.map((value) => html`<td>${value}</td>`);

/** A select named as its id, its options right after the opening tag. */
export const selectField = (id: string, options: unknown) => html`<select id="${id}" name="${id}">${options}</select>`;

/** A refusal as a page: the message and a way back. */
export function errorPage(c: Context<OperatorEnv>, status: PageOptions['status'], message: string) {
  return page(c, {
    title: say('errors.title'),
    status,
    staff: c.get('staff'),
    csrf: c.get('csrf'),
    body: html`<p class="error" role="alert">${message}</p><p><a href="/operator">${say('errors.back')}</a></p>`,
  });
}

/** Field errors above a form, linked to their fields. */
export function problemList(problems: { field: string; message: string }[]) {
  if (!problems.length) return '';
  return html`<div class="error" role="alert"><ul>${problems.map(
    ({ field, message }) => html`<li><a href="#${field}">${message}</a></li>`,
  )}</ul></div>`;
}

export const money = (amount: string, currency: string) => formatMoney(amount, currency, 'en');

/** ISO-like and unambiguous for staff in any zone. */
export const when = (value: Date | string | null | undefined) =>
  value
    ? new Date(value)
        .toISOString()
        .replace('T', ' ')
        .replace(/:\d\d\.\d{3}Z$/, ' UTC')
    : '';

/** To the second, in UTC (the audit log). */
export const whenExact = (value: Date | string | null | undefined) =>
  value
    ? new Date(value)
        .toISOString()
        .replace('T', ' ')
        .replace(/\.\d{3}Z$/, ' UTC')
    : '';

/** A table with a caption and column headers; `rows` are already cells. */
export function table(caption: string, headers: string[], rows: Html[]) {
  return html`<div class="table"><table><caption>${caption}</caption>
<thead><tr>${headers.map((header) => html`<th scope="col">${header}</th>`)}</tr></thead>
<tbody>${rows}</tbody></table></div>`;
}
