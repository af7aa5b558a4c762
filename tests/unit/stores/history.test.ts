// /profile/history: the filters and page in the URL, the filter form, and the pager.
import { describe, expect, it } from 'vitest';
import {
  createHistoryStore,
  historyPager,
  historyQueryOf,
  historySearchOf,
  isFiltered,
} from '../../../src/stores/history';

describe('history query in the URL', () => {
  it('reads the filters and page the URL asks for', () => {
    expect(historyQueryOf('?type=game&date_from=2026-01-01&date_to=2026-01-31&page=3')).toEqual({
      type: 'game',
      date_from: '2026-01-01',
      date_to: '2026-01-31',
      page: 3,
    });
    expect(historyQueryOf('')).toEqual({});
  });

  it('leaves out an unknown type, a date that is not a calendar day and a page that is not above 1', () => {
    for (const search of ['?type=jackpot', '?date_from=2026-02-30', '?date_to=yesterday', '?page=1', '?page=2.5'])
      expect(historyQueryOf(search), search).toEqual({});
    expect(historyQueryOf('?page=-4&type=deposit')).toEqual({ type: 'deposit' });
  });

  it('reads a range written backwards the right way round', () => {
    expect(historyQueryOf('?date_from=2026-03-10&date_to=2026-03-01')).toEqual({
      date_from: '2026-03-01',
      date_to: '2026-03-10',
    });
  });

  it('writes only what is set, and reads back what it wrote', () => {
    const query = { type: 'withdrawal' as const, date_from: '2026-01-01', page: 2 };
    expect(historySearchOf(query)).toBe('?type=withdrawal&date_from=2026-01-01&page=2');
    expect(historyQueryOf(historySearchOf(query))).toEqual(query);
    expect(historySearchOf({})).toBe('');
  });
});

describe('history store', () => {
  const setup = () => {
    const visited: string[] = [];
    const store = createHistoryStore({ navigate: (search) => visited.push(search) });
    return { store, visited };
  };

  it('is empty until the URL is read, without writing it', () => {
    const { store, visited } = setup();
    expect(store.$query.get()).toBeNull();
    store.open('?type=game&page=2');
    expect(store.$query.get()).toEqual({ type: 'game', page: 2 });
    expect(visited).toEqual([]);
  });

  it('filters from the form (empty fields are no filter), back at page 1, and writes the URL', () => {
    const { store, visited } = setup();
    store.open('?type=game&page=4');
    store.filter({ type: 'deposit', date_from: '2026-01-01', date_to: '' });
    expect(store.$query.get()).toEqual({ type: 'deposit', date_from: '2026-01-01' });
    store.filter({ type: 'no-such-type', date_from: 'not a date', date_to: '2026-01-02' });
    expect(store.$query.get()).toEqual({ date_to: '2026-01-02' });
    expect(visited).toEqual(['?type=deposit&date_from=2026-01-01', '?date_to=2026-01-02']);
  });

  it('pages within the filters, and reset clears them', () => {
    const { store, visited } = setup();
    store.open('?type=game');
    store.toPage(2);
    expect(store.$query.get()).toEqual({ type: 'game', page: 2 });
    store.toPage(1);
    expect(store.$query.get()).toEqual({ type: 'game' });
    store.reset();
    expect(store.$query.get()).toEqual({});
    expect(visited).toEqual(['?type=game&page=2', '?type=game', '']);
  });
});

describe('history pager and filters', () => {
  it('counts ten to a page, at least one, and knows its ends', () => {
    expect(historyPager({}, 0)).toEqual({ current: 1, pages: 1, previous: false, next: false });
    expect(historyPager({}, 10)).toEqual({ current: 1, pages: 1, previous: false, next: false });
    expect(historyPager({}, 11)).toEqual({ current: 1, pages: 2, previous: false, next: true });
    expect(historyPager({ page: 2 }, 25)).toEqual({ current: 2, pages: 3, previous: true, next: true });
    expect(historyPager({ page: 3 }, 25)).toEqual({ current: 3, pages: 3, previous: true, next: false });
  });

  it('is filtered by a type or either date, not by a page', () => {
    expect(isFiltered({})).toBe(false);
    expect(isFiltered({ page: 3 })).toBe(false);
    expect(isFiltered({ type: 'game' })).toBe(true);
    expect(isFiltered({ date_to: '2026-01-01' })).toBe(true);
  });
});
