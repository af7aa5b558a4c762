import { PAYMENT_METHODS } from '#core/api/contract.ts';
import { countryName } from '#core/geo/countries.ts';
import { html, option, when } from '../views/view.ts';
import { say } from '../views/messages.ts';

/** A payment method's name (a method this site does not know is shown as stored). */
export const methodName = (method: string | null) =>
  method && (PAYMENT_METHODS as readonly string[]).includes(method)
    ? say(`withdrawals.method_${method}`)
    : (method ?? '');

/** The method filter's options: any, then each method, `selected` chosen. */
export const methodOptions = (selected: string) =>
  html`${option('', say('queue.any'), selected)}${PAYMENT_METHODS.map((method) =>
    option(method, methodName(method), selected),
  )}`;

/** First and last name as the profile holds them; empty when it holds neither. */
export const fullName = (row: { first_name: string; last_name: string }) => `${row.first_name} ${row.last_name}`.trim();

/** The country of residence as staff read it ("United Kingdom (GB)"); "not given" for older accounts. */
export const countryLabel = (code: string | null) =>
  code ? `${countryName(code, 'en')} (${code})` : say('players.not_given');

export const playerLink = (id: number, username: string, email: string) =>
  html`<a href="/operator/players/${id}">${username}</a><br><span class="muted">${email}</span>`;

/** The newest submission's status, as the player's status is defined. */
export const verificationStatus = (status: string | null) => say(`status.${status ?? 'none'}`);

/** Time-out, self-exclusion (while in force) and the limits in force, in one line. */
export function saferGamblingStatus(
  row: { time_out_until: Date | string | null; self_excluded_until: Date | string | null; limits: string | null },
  now: Date,
) {
  const active = (value: Date | string | null) => value !== null && new Date(value).getTime() > now.getTime();
  const parts = [
    active(row.self_excluded_until) ? say('status.self_excluded', { until: when(row.self_excluded_until) }) : '',
    active(row.time_out_until) ? say('status.time_out', { until: when(row.time_out_until) }) : '',
    row.limits ? say('status.limits', { limits: row.limits }) : '',
  ].filter(Boolean);
  return parts.length ? parts.join('; ') : say('status.clear');
}
