import type { Context } from 'hono';
import { ConsoleError } from '../services/console-error.ts';
import type { Range } from '../services/dashboard.ts';
import { say } from '../views/messages.ts';
import { readDay } from './paging.ts';
import { PERIODS, type Period } from '../report-period-model.ts';

const DAY_MS = 86_400_000;
const MAX_DAYS = 366;

/** The period from the query: today, the last 7 or 30 UTC days (today included), or a chosen range of days. */
export function readPeriod(c: Context, now: Date) {
  const period: Period = PERIODS.find((known) => known === c.req.query('period')) ?? 'today';
  const today = now.toISOString().slice(0, 10);
  const daysBack = (n: number) => new Date(Date.parse(`${today}T00:00:00Z`) - n * DAY_MS).toISOString().slice(0, 10);
  let from = today;
  let to = today;
  if (period === '7d') from = daysBack(6);
  if (period === '30d') from = daysBack(29);
  if (period === 'range') {
    from = readDay(c, 'from', say('dashboard.from')) || today;
    to = readDay(c, 'to', say('dashboard.to')) || today;
    if (from > to) throw new ConsoleError(400, say('dashboard.bad_range'));
    if ((Date.parse(to) - Date.parse(from)) / DAY_MS + 1 > MAX_DAYS)
      throw new ConsoleError(400, say('dashboard.too_long', { max: MAX_DAYS }));
  }
  const range: Range = {
    from: `${from}T00:00:00.000Z`,
    to: new Date(Date.parse(`${to}T00:00:00Z`) + DAY_MS).toISOString(),
  };
  const query = new URLSearchParams({ period });
  if (period === 'range') {
    query.set('from', from);
    query.set('to', to);
  }
  return { period, from, to, range, query };
}

/** Every UTC day from `from` to `to`, both included. */
export function allDays(from: string, to: string): string[] {
  const out: string[] = [];
  for (let t = Date.parse(`${from}T00:00:00Z`); t <= Date.parse(`${to}T00:00:00Z`); t += DAY_MS)
    out.push(new Date(t).toISOString().slice(0, 10));
  return out;
}
