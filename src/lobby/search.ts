/**
 * The lobby's search text: case-, width- and accent-insensitive in every script. NFKC folds
 * full-width Latin typed with a Japanese or Chinese keyboard ("ＤＲＡＧＯＮ" → "dragon"); marks are
 * dropped after NFD, on the haystack and the query alike, so "Café" matches "cafe" and a kana typed
 * with or without its voicing mark still matches.
 */
export const foldSearch = (text: string): string =>
  text.normalize('NFKC').normalize('NFD').replace(/\p{M}/gu, '').toLocaleLowerCase('und').replace(/\s+/gu, ' ').trim();

/** Every word of the query appears in the haystack (in any order). */
export function matchesQuery(haystack: string, query: string): boolean {
  const words = foldSearch(query).split(' ').filter(Boolean);
  if (!words.length) return true;
  const folded = foldSearch(haystack);
  return words.every((word) => folded.includes(word));
}

/** What a filter state is made of; each part is in the URL (`?q=&category=&provider=`). */
export interface LobbyFilter {
  q: string;
  category: string;
  provider: string;
}

export const LOBBY_QUERY_MAX = 100;

/** Reads the filter from a URL's search part; unknown values are kept as given and simply match nothing. */
export function filterFromSearch(search: string): LobbyFilter {
  const params = new URLSearchParams(search);
  return {
    q: (params.get('q') ?? '').slice(0, LOBBY_QUERY_MAX),
    category: params.get('category') ?? '',
    provider: params.get('provider') ?? '',
  };
}

/** The URL's search part for a filter, other parameters kept; empty parts are left out. */
export function searchWithFilter(search: string, filter: LobbyFilter): string {
  const params = new URLSearchParams(search);
  for (const key of ['q', 'category', 'provider'] as const) {
    if (filter[key]) params.set(key, filter[key]);
    else params.delete(key);
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** "Card games" is a chip across categories: the games dealt from cards. */
export const CARDS_CHIP = 'cards';
const CARD_MECHANICS = new Set(['blackjack', 'baccarat']);

export interface FilterableGame {
  name: string;
  /** The maths it plays (core/games/mechanics.ts); the "cards" chip picks the card games by it. */
  mechanic?: string;
  provider: string;
  category: string;
  /** The category's name in the page's language, so "スロット" finds the slots. */
  categoryLabel: string;
}

export function gameMatches(game: FilterableGame, filter: LobbyFilter): boolean {
  if (filter.category === CARDS_CHIP) {
    if (!CARD_MECHANICS.has(game.mechanic ?? '')) return false;
  } else if (filter.category && game.category !== filter.category) return false;
  if (filter.provider && game.provider !== filter.provider) return false;
  return matchesQuery(`${game.name} ${game.provider} ${game.categoryLabel}`, filter.q);
}
