import type { Context } from 'hono';
import { ConsoleError } from '../services/console-error.ts';
import { say } from '../views/messages.ts';
import { html, money } from '../views/view.ts';

/** Every console list shows this many rows a page (`?page=`), never a silent cut. */
export const PER_PAGE = 50;

const count = new Intl.NumberFormat('en-US');

/** `?page=` as a whole number from 1; anything else is a 400, an empty value page 1. */
export function readPage(c: Context): number {
  const raw = (c.req.query('page') ?? '').trim();
  if (!raw) return 1;
  if (!/^\d{1,6}$/.test(raw) || Number(raw) < 1) throw new ConsoleError(400, say('paging.bad_page'));
  return Number(raw);
}

/** OFFSET of a page of `perPage` rows. */
export const offsetOf = (page: number, perPage = PER_PAGE) => (page - 1) * perPage;

/** "Showing 51–100 of 1,234" (or "No results"), with links to the previous and next pages keeping the filters. */
export function pager(path: string, params: URLSearchParams, page: number, total: number, perPage = PER_PAGE) {
  const first = offsetOf(page, perPage) + 1;
  const last = Math.min(total, offsetOf(page, perPage) + perPage);
  const pages = Math.max(1, Math.ceil(total / perPage));
  const link = (to: number) => {
    const query = new URLSearchParams(params);
    query.set('page', String(to));
    return `${path}?${query.toString()}`;
  };
  const range =
    total === 0 || first > total
      ? say('paging.none', { total: count.format(total) })
      : say('paging.showing', { first: count.format(first), last: count.format(last), total: count.format(total) });
  return html`<nav class="pager" aria-label="${say('paging.label')}"><p data-range>${range}</p><ul>
${page > 1 ? html`<li><a href="${link(Math.min(page - 1, pages))}" rel="prev">${say('paging.previous')}</a></li>` : ''}
${page < pages ? html`<li><a href="${link(page + 1)}" rel="next">${say('paging.next')}</a></li>` : ''}
</ul></nav>`;
}

/**
 * The page `?page=` asks for of a filtered list and the whole filtered set's totals (a count and an
 * amount per currency), read at once; `total` is the count the pager needs. The queries start only
 * once `?page=` is known to be good.
 */
export async function filteredPage<Row, Total extends { count: number }>(
  c: Context,
  read: { totals: () => Promise<Total[]>; rows: (limit: number, offset: number) => Promise<Row[]> },
  perPage = PER_PAGE,
): Promise<{ pageNumber: number; totals: Total[]; rows: Row[]; total: number }> {
  const pageNumber = readPage(c);
  const [totals, rows] = await Promise.all([read.totals(), read.rows(perPage, offsetOf(pageNumber, perPage))]);
  return { pageNumber, totals, rows, total: totals.reduce((sum, row) => sum + row.count, 0) };
}

/** The totals above a list: how many, then the amount in each currency. */
export const totalsFacts = (countLabel: string, total: number, totals: { currency: string; amount: string }[]) =>
  html`<dl class="facts totals" data-totals>
<dt>${countLabel}</dt><dd data-total-count>${total.toLocaleString('en-US')}</dd>
${totals.map(
  (row) => html`<dt>${say('queue.total_amount', { currency: row.currency })}</dt>
<dd data-total-amount="${row.currency}">${money(row.amount, row.currency)}</dd>`,
)}
</dl>`;

/** A day as YYYY-MM-DD from the query; empty is none, anything else a 400. */
export function readDay(c: Context, name: string, label: string): string {
  const raw = (c.req.query(name) ?? '').trim();
  if (!raw) return '';
  if (
    !/^\d{4}-\d{2}-\d{2}$/.test(raw) ||
    Number.isNaN(Date.parse(`${raw}T00:00:00Z`)) ||
    new Date(`${raw}T00:00:00Z`).toISOString().slice(0, 10) !== raw
  ) {
    throw new ConsoleError(400, say('paging.bad_day', { field: label }));
  }
  return raw;
}

/** `from`/`to` days (UTC, both included) as an [from, to) pair of instants; null where open. */
export function dayBounds(from: string, to: string): [string | null, string | null] {
  const start = from ? `${from}T00:00:00.000Z` : null;
  const end = to ? new Date(Date.parse(`${to}T00:00:00Z`) + 86_400_000).toISOString() : null;
  return [start, end];
}

/**
 * A list's `from`/`to` filter (UTC days, both included): the days as typed (for the form and
 * links) and the [start, end) instants the SQL filters on. A bad day is a 400 naming its field.
 */
export function readDayRange(c: Context, labels: { from: string; to: string }) {
  const from = readDay(c, 'from', labels.from);
  const to = readDay(c, 'to', labels.to);
  const [start, end] = dayBounds(from, to);
  return { from, to, start, end };
}

/** A list's filter as the query string of its links (pages, CSV): only the values that are set. */
export function filterQuery(values: Record<string, string>): URLSearchParams {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(values)) if (value) query.set(name, value);
  return query;
}

/** A decimal amount from the query (up to 2 places); empty is none. */
export function readAmountQuery(c: Context, name: string, label: string): string {
  const raw = (c.req.query(name) ?? '').trim();
  if (!raw) return '';
  if (!/^\d{1,12}(\.\d{1,2})?$/.test(raw)) throw new ConsoleError(400, say('paging.bad_amount', { field: label }));
  return raw;
}
