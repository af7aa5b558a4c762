import { atom } from 'nanostores';
import { TRANSACTION_TYPES, type HistoryQuery, type TransactionType } from '../../core/api/contract';
import { isCalendarDate } from '../../core/api/calendar-date';

/** Transactions per history page. */
export const HISTORY_PAGE_SIZE = 10;

/** What the filter form holds: a type and two calendar days, each possibly empty. */
export interface HistoryFilterInput {
  type: string;
  date_from: string;
  date_to: string;
}

/**
 * The filters and page a URL query asks for: an unknown type, a date that is not a calendar day
 * and a page that is not a whole number above 1 are left out; a range written backwards is read
 * the right way round (the server refuses it).
 */
export function historyQueryOf(search: string): HistoryQuery {
  const params = new URLSearchParams(search);
  return historyQuery({
    type: params.get('type') ?? '',
    date_from: params.get('date_from') ?? '',
    date_to: params.get('date_to') ?? '',
    page: params.get('page') ?? '',
  });
}

function historyQuery(input: HistoryFilterInput & { page?: string }): HistoryQuery {
  const type = (TRANSACTION_TYPES as readonly string[]).includes(input.type)
    ? (input.type as TransactionType)
    : undefined;
  let from = isCalendarDate(input.date_from) ? input.date_from : undefined;
  let to = isCalendarDate(input.date_to) ? input.date_to : undefined;
  if (from && to && from > to) [from, to] = [to, from];
  const page = Number(input.page);
  return { type, date_from: from, date_to: to, page: Number.isInteger(page) && page > 1 ? page : undefined };
}

/** The URL query of `query` (`?type=game&page=2`), empty without filters: a page to reload or share. */
export function historySearchOf(query: HistoryQuery): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query))
    if (value !== undefined && value !== '') params.set(key, String(value));
  const search = params.toString();
  return search ? `?${search}` : '';
}

/** Whether any filter is on (the empty list then says no transaction matches, and Reset shows). */
export const isFiltered = (query: HistoryQuery) => Boolean(query.type || query.date_from || query.date_to);

/** The pager of a page of `count` transactions: where it is, and whether there is a page before and after. */
export function historyPager(query: HistoryQuery, count: number) {
  const pages = Math.max(1, Math.ceil(count / HISTORY_PAGE_SIZE));
  const current = query.page ?? 1;
  return { current, pages, previous: current > 1, next: current < pages };
}

export interface HistoryDeps {
  /** Writes the query to the address bar (history.pushState), so Back returns to the last filters. */
  navigate: (search: string) => void;
}

/**
 * /profile/history: the filters and page, kept in the URL. `$query` is null until the URL is read
 * (`open`, also on Back and Forward); filtering starts again at page 1.
 */
export function createHistoryStore({ navigate }: HistoryDeps) {
  const $query = atom<HistoryQuery | null>(null);
  const go = (query: HistoryQuery) => {
    navigate(historySearchOf(query));
    $query.set(query);
  };
  return {
    $query,
    open: (search: string) => $query.set(historyQueryOf(search)),
    filter: (input: HistoryFilterInput) => go(historyQuery(input)),
    reset: () => go({}),
    toPage: (page: number) => go({ ...$query.get(), page: page > 1 ? page : undefined }),
  };
}
