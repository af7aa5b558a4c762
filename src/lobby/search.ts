/**
 * The lobby's search text: case-, width- and accent-insensitive in every script. NFKC folds
 * full-width Latin typed with a Japanese or Chinese keyboard ("ＤＲＡＧＯＮ" → "dragon"); marks are
 * dropped after NFD, on the haystack and the query alike, so "Café" matches "cafe" and a kana typed
 * with or without its voicing mark still matches.
 */
export const foldSearch = (text: string): string =>
  text.normalize('NFKC').normalize('NFD').replace(/\p{M}/gu, '').toLocaleLowerCase('und').replace(/\s+/gu, ' ').trim();

/** A query word this long (in characters) may be one typo away from the word it means. */
export const TYPO_MIN_LENGTH = 5;

/**
 * Whether `word` is at most one edit (insert, delete, replace) from some start of `text`: typed
 * while the word is unfinished, "blakj" still finds "blackjack". Edit distance with a free end
 * in `text` (Levenshtein), row by row over code points.
 */
export function nearPrefix(word: string, text: string): boolean {
  const typed = [...word];
  const target = [...text];
  let previous = typed.map((_, index) => index + 1);
  previous.unshift(0);
  let best = previous[typed.length]!;
  for (const letter of target) {
    const row = [0];
    for (let i = 1; i <= typed.length; i += 1)
      row[i] = Math.min(previous[i]! + 1, row[i - 1]! + 1, previous[i - 1]! + (typed[i - 1] === letter ? 0 : 1));
    previous = row;
    best = Math.min(best, row[typed.length]!);
  }
  return best <= 1;
}

/**
 * Every word of the query appears in the haystack (in any order); a word of five or more
 * characters also matches a haystack word it is one typo from ("blakjack", "rulette").
 */
export function matchesQuery(haystack: string, query: string): boolean {
  const words = foldSearch(query).split(' ').filter(Boolean);
  if (!words.length) return true;
  const folded = foldSearch(haystack);
  const haystackWords = folded.split(' ');
  return words.every(
    (word) =>
      folded.includes(word) ||
      ([...word].length >= TYPO_MIN_LENGTH && haystackWords.some((candidate) => nearPrefix(word, candidate))),
  );
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
  /** The game type's name in the page's language (game_rules.types), so "ルーレット" finds roulette. */
  typeLabel?: string;
}

export function gameMatches(game: FilterableGame, filter: LobbyFilter): boolean {
  if (filter.category === CARDS_CHIP) {
    if (!CARD_MECHANICS.has(game.mechanic ?? '')) return false;
  } else if (filter.category && game.category !== filter.category) return false;
  if (filter.provider && game.provider !== filter.provider) return false;
  return matchesQuery(`${game.name} ${game.provider} ${game.categoryLabel} ${game.typeLabel ?? ''}`, filter.q);
}
