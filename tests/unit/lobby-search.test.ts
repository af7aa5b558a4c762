import { describe, expect, it } from 'vitest';
import { filterFromSearch, foldSearch, gameMatches, matchesQuery, searchWithFilter } from '../../src/lobby/search';

const dragon = { name: 'Dragon Gold', provider: 'Red Lantern', category: 'slots', categoryLabel: 'スロット' };

describe('lobby search', () => {
  it('folds case, accents and full-width letters', () => {
    expect(foldSearch('  Café  ÉCLAIR ')).toBe('cafe eclair');
    expect(foldSearch('ＤＲＡＧＯＮ')).toBe('dragon');
  });

  it('matches name, provider and the localized category, every word in any order', () => {
    expect(matchesQuery('Dragon Gold Red Lantern', 'gold drag')).toBe(true);
    expect(matchesQuery('Dragon Gold Red Lantern', 'lantérn')).toBe(true);
    expect(matchesQuery('Dragon Gold Red Lantern', 'silver')).toBe(false);
    expect(gameMatches(dragon, { q: 'ｓｌｏｔ', category: '', provider: '' })).toBe(false);
    expect(gameMatches(dragon, { q: 'スロット', category: '', provider: '' })).toBe(true);
    expect(gameMatches(dragon, { q: 'red', category: 'slots', provider: 'Red Lantern' })).toBe(true);
    expect(gameMatches(dragon, { q: 'red', category: 'table', provider: '' })).toBe(false);
    expect(gameMatches(dragon, { q: '', category: '', provider: 'Sandstone' })).toBe(false);
    // "Card games" spans categories: blackjack and baccarat, by their mechanic.
    const blackjack = {
      name: 'Blackjack',
      provider: 'Lumen Studios',
      category: 'table',
      categoryLabel: 'Table games',
      mechanic: 'blackjack',
    };
    expect(gameMatches(blackjack, { q: '', category: 'cards', provider: '' })).toBe(true);
    expect(gameMatches({ ...blackjack, mechanic: 'roulette' }, { q: '', category: 'cards', provider: '' })).toBe(false);
    expect(gameMatches(dragon, { q: '', category: 'cards', provider: '' })).toBe(false);
  });

  it('reads and writes the filter in the URL, keeping other parameters', () => {
    expect(filterFromSearch('?q=gold&category=slots&x=1')).toEqual({ q: 'gold', category: 'slots', provider: '' });
    expect(searchWithFilter('?x=1&q=old', { q: 'dé jà', category: '', provider: 'Red Lantern' })).toBe(
      '?x=1&q=d%C3%A9+j%C3%A0&provider=Red+Lantern',
    );
    expect(searchWithFilter('?q=old', { q: '', category: '', provider: '' })).toBe('');
    expect(filterFromSearch(`?q=${'a'.repeat(150)}`).q).toHaveLength(100);
  });
});
