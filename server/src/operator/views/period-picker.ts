import { raw } from 'hono/html';
import { PERIODS, type Period } from '../report-period-model.ts';
import { say } from './messages.ts';
import { html } from './view.ts';

/** The period links (today, 7 and 30 days), the range form and the days shown, for a page at `path`. */
export function periodPicker(path: string, period: Period, from: string, to: string) {
  const link = (value: Period) =>
    html`<li><a href="${path}?period=${value}"${value === period ? raw(' aria-current="true"') : ''}>${say(
      `dashboard.period_${value}`,
    )}</a></li>`;
  return html`<nav aria-label="${say('dashboard.periods')}" class="periods"><ul>${PERIODS.filter(
    (p) => p !== 'range',
  ).map(link)}</ul></nav>
<form method="get" action="${path}" class="inline" aria-label="${say('dashboard.range')}">
<input type="hidden" name="period" value="range">
<label for="from">${say('dashboard.from')}</label><input id="from" name="from" type="date" value="${from}">
<label for="to">${say('dashboard.to')}</label><input id="to" name="to" type="date" value="${to}">
<button type="submit">${say('dashboard.show')}</button></form>
<p data-period>${say('dashboard.showing', { from, to })}</p>`;
}
