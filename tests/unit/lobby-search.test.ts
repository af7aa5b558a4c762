import { describe, expect, it } from 'vitest';
import {
  filterFromSearch,
  foldSearch,
  gameMatches,
  matchesQuery,
  nearPrefix,
  searchWithFilter,
} from '../../src/lobby/search';

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

  it("finds a game by its type's name in the page's language", () => {
    const roulette = { name: 'European Roulette', provider: 'Lumen Studios', category: 'table', categoryLabel: '' };
    const none = { q: '', category: '', provider: '' };
    expect(gameMatches({ ...roulette, typeLabel: 'ルーレット' }, { ...none, q: 'ルーレット' })).toBe(true);
    expect(gameMatches({ ...roulette, typeLabel: 'रूलेट' }, { ...none, q: 'रूले' })).toBe(true);
    expect(gameMatches({ ...roulette, typeLabel: '轮盘' }, { ...none, q: '轮盘' })).toBe(true);
    // Without the type's name (a provider's game of no known type), only its own words find it.
    expect(gameMatches(roulette, { ...none, q: 'ルーレット' })).toBe(false);
    expect(gameMatches({ ...roulette, typeLabel: 'ルーレット' }, { ...none, q: 'ブラックジャック' })).toBe(false);
  });

  it('forgives one typo in a word of five or more characters, also while it is being typed', () => {
    expect(matchesQuery('Blackjack Lumen Studios', 'blakjack')).toBe(true); // a letter left out
    expect(matchesQuery('Blackjack Lumen Studios', 'balckjack')).toBe(false); // two edits (a swap)
    expect(matchesQuery('Blackjack Lumen Studios', 'blsckjack')).toBe(true); // a letter replaced
    expect(matchesQuery('Blackjack Lumen Studios', 'blacckjack')).toBe(true); // a letter doubled
    expect(matchesQuery('Blackjack Lumen Studios', 'blakj')).toBe(true); // unfinished
    expect(matchesQuery('European Roulette', 'rulette')).toBe(true);
    expect(matchesQuery('European Roulette', 'ruletta')).toBe(false); // two edits
    // Four letters or fewer must be exact: "dics" is not "dice", "mins" is not "mines".
    expect(matchesQuery('Dice', 'dics')).toBe(false);
    expect(matchesQuery('Mines', 'mins')).toBe(false);
    expect(matchesQuery('Mines', 'minse')).toBe(true);
    // Every word of the query still has to match.
    expect(matchesQuery('Blackjack Lumen Studios', 'blakjack dragon')).toBe(false);
    expect(nearPrefix('ドラゴソ', 'ドラゴン')).toBe(true);
    expect(nearPrefix('abcde', 'xyz')).toBe(false);
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
