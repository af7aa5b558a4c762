// The home page's lobby without React: refreshes the prerendered catalogue from the
// API, filters it by search and chips (state in the URL: ?q=&category=&provider=), fills the
// "Most popular" row, the signed-in rows (favourites, recently played) and the winners feed. A
// failed request keeps what the page has, or swaps its list for a quiet message; never breaks.
import { apiBase } from '../api/base';
import { getPublicJson as getJson } from '../api/get-public';
import {
  API_PATHS,
  HIDDEN_PLAYER,
  type CatalogueGame,
  type Game,
  type Paginated,
  type RecentGame,
  type Win,
  type BetEvent,
} from '../../core/api/contract';
import type { Locale } from '../../core/i18n/locales.ts';
import { formatMoney } from '../../core/i18n/money-format';
import { interpolate } from '../../core/i18n/interpolate';
import { filterFromSearch, gameMatches, searchWithFilter, type LobbyFilter } from '../lobby/search';
import { winOfBet } from '../stores/bets-feed';
import { onLiveEvent } from '../stores/live-events';
import { $token } from '../stores/session';
import { $favourites, initFavouriteStars, knowGames, syncStars } from './favourite-stars';

/** Builds an element with text only: server data never becomes HTML. */
function element<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  className?: string,
  text?: string,
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

interface Texts {
  shown: string;
  continue: string;
  continue_label: string;
  more: string;
  fewer: string;
}

export function initLobby() {
  const root = document.querySelector<HTMLElement>('[data-lobby]');
  if (!root) return;
  const intl = root.dataset.intl ?? 'en-US';
  const categories = JSON.parse(root.dataset.categories ?? '{}') as Record<string, string>;
  const typeNames = JSON.parse(root.dataset.types ?? '{}') as Record<string, string>;
  const texts = JSON.parse(root.dataset.texts ?? '{}') as Texts;
  const playPath = root.dataset.playPath ?? '/play';
  const starTemplate = root.querySelector<HTMLButtonElement>('[data-favourite-star]');
  knowGames(JSON.parse(root.dataset.games ?? '[]') as Game[]);
  initFavouriteStars();

  /** The same markup as GameTile.astro. */
  function tile(game: Game, options: { eager?: boolean; recent?: RecentGame } = {}): HTMLLIElement {
    const categoryLabel = categories[game.category] ?? game.category;
    const item = element('li', 'game-card');
    Object.assign(item.dataset, {
      gameId: game.id,
      category: game.category,
      mechanic: (game as Partial<CatalogueGame>).mechanic ?? '',
      provider: game.provider,
      name: game.name,
      categoryLabel,
    });
    const link = element('a', 'game-card__link');
    link.href = `${playPath}?game=${encodeURIComponent(game.id)}`;
    const art = element('span', 'game-card__art');
    const image = element('img', 'game-card__image');
    image.src = new URL(game.image, apiBase()).href;
    image.alt = '';
    image.width = 320;
    image.height = 240;
    image.loading = options.eager ? 'eager' : 'lazy';
    image.decoding = 'async';
    art.append(image, element('span', 'game-card__badge', categoryLabel));
    if (options.recent?.open_round) {
      art.append(element('span', 'game-card__continue', texts.continue));
      link.setAttribute('aria-label', interpolate(texts.continue_label, { game: game.name }));
    }
    link.append(art, element('h3', undefined, game.name), element('p', undefined, game.provider));
    item.append(link);
    if (starTemplate) {
      const star = starTemplate.cloneNode(true) as HTMLButtonElement;
      star.dataset.gameId = game.id;
      star.dataset.gameName = game.name;
      item.append(star);
    }
    return item;
  }

  // --- The catalogue: search and chips -------------------------------------------------------
  const section = root.querySelector<HTMLElement>('[data-lobby-games]')!;
  const grid = section.querySelector<HTMLElement>('[data-catalogue]')!;
  const search = section.querySelector<HTMLInputElement>('[data-search]')!;
  const clear = section.querySelector<HTMLButtonElement>('[data-clear-search]')!;
  const noMatch = section.querySelector<HTMLElement>('[data-no-match]')!;
  const shown = section.querySelector<HTMLElement>('[data-shown]')!;
  const chipGroups = [...section.querySelectorAll<HTMLElement>('[data-chips]')];
  let filter: LobbyFilter = filterFromSearch(location.search);

  function apply(announce: boolean) {
    search.value = filter.q;
    clear.hidden = !filter.q;
    for (const group of chipGroups) {
      const key = group.dataset.chips as 'category' | 'provider';
      for (const chip of group.querySelectorAll<HTMLButtonElement>('button'))
        chip.setAttribute('aria-pressed', String(chip.dataset.value === filter[key]));
    }
    let count = 0;
    for (const item of grid.querySelectorAll<HTMLElement>(':scope > li')) {
      const { name = '', provider = '', category = '', categoryLabel = '', mechanic = '' } = item.dataset;
      const typeLabel = typeNames[mechanic] ?? '';
      item.hidden = !gameMatches({ name, provider, category, categoryLabel, mechanic, typeLabel }, filter);
      if (!item.hidden) count += 1;
    }
    noMatch.hidden = count > 0;
    if (announce) shown.textContent = interpolate(texts.shown, { count });
  }

  function update(next: Partial<LobbyFilter>, how: 'push' | 'replace') {
    filter = { ...filter, ...next };
    const url = `${location.pathname}${searchWithFilter(location.search, filter)}${location.hash}`;
    if (how === 'push') history.pushState(null, '', url);
    else history.replaceState(null, '', url);
    apply(true);
  }

  search.addEventListener('input', () => update({ q: search.value }, 'replace'));
  // Enter in the field keeps the page (there is no form to submit).
  search.addEventListener('keydown', (event) => {
    if (event.key === 'Enter') event.preventDefault();
  });
  clear.addEventListener('click', () => {
    update({ q: '' }, 'replace');
    search.focus();
  });
  section.querySelector('[data-clear-all]')!.addEventListener('click', () => {
    update({ q: '', category: '', provider: '' }, 'push');
    search.focus();
  });
  for (const group of chipGroups) {
    const key = group.dataset.chips as 'category' | 'provider';
    group.addEventListener('click', (event) => {
      const chip = (event.target as Element).closest<HTMLButtonElement>('button');
      if (!chip) return;
      // A provider chip pressed again lets go; "All" clears the category.
      const value = chip.dataset.value ?? '';
      update({ [key]: filter[key] === value ? '' : value }, 'push');
    });
  }
  // Back and forward restore the search and chips the URL holds.
  window.addEventListener('popstate', () => {
    filter = filterFromSearch(location.search);
    apply(false);
  });
  apply(false);

  // The prerendered catalogue is the build's; the API's is the truth. Replaced only if it differs.
  void getJson<Paginated<CatalogueGame>>(`${API_PATHS.games}?page_size=100`)
    .then(({ results }) => {
      knowGames(results);
      const now = [...grid.querySelectorAll<HTMLElement>(':scope > li')]
        .map(({ dataset: game }) => `${game.gameId}|${game.name}|${game.provider}|${game.category}|${game.mechanic}`)
        .join(',');
      const fresh = results
        .map((game) => `${game.id}|${game.name}|${game.provider}|${game.category}|${game.mechanic}`)
        .join(',');
      if (results.length && now !== fresh) {
        grid.replaceChildren(...results.map((game, index) => tile(game, { eager: index < 4 })));
        syncStars(grid);
        apply(false);
      }
    })
    .catch((error: unknown) => console.warn('[lobby] catalogue not refreshed', error))
    .finally(() => section.setAttribute('aria-busy', 'false'));

  // --- Signed in: favourites and recently played ----------------------------------------------
  const fill = (
    row: HTMLElement | null,
    games: readonly Game[],
    options: (game: Game) => Parameters<typeof tile>[1] = () => ({}),
  ) => {
    if (!row) return;
    const list = row.querySelector<HTMLElement>('[data-row-list]')!;
    list.replaceChildren(...games.map((game) => tile(game, options(game))));
    const empty = row.querySelector<HTMLElement>('[data-row-empty]');
    if (empty) empty.hidden = games.length > 0;
    syncStars(list);
  };

  // --- Most popular: the week's ranking, or a quiet message in the row's place ------------------
  const popularRow = root.querySelector<HTMLElement>('[data-lobby-popular]')!;
  void getJson<Game[]>(API_PATHS.mostPopular)
    .then((games) => {
      if (!games.length) throw new Error('empty list');
      fill(popularRow, games);
    })
    .catch((error: unknown) => {
      console.warn('[lobby] most popular unavailable', error);
      popularRow.querySelector<HTMLElement>('[data-unavailable]')!.hidden = false;
    })
    .finally(() => popularRow.setAttribute('aria-busy', 'false'));

  const favouritesRow = root.querySelector<HTMLElement>('[data-lobby-favourites]');
  const recentRow = root.querySelector<HTMLElement>('[data-lobby-recent]');
  $favourites.subscribe((games) => {
    if (games) fill(favouritesRow, games);
  });
  let recentLoaded = false;
  $token.subscribe((token) => {
    if (!token || recentLoaded) return;
    recentLoaded = true;
    void import('../api/favourites')
      .then(({ getRecentlyPlayed }) => getRecentlyPlayed())
      .then((games) => fill(recentRow, games, (game) => ({ recent: game as RecentGame })))
      .catch((error: unknown) => {
        recentLoaded = false;
        console.warn('[lobby] recently played unavailable', error);
      });
  });

  // --- Winners: compact, "more" shows them all -------------------------------------------------
  const winners = root.querySelector<HTMLElement>('[data-lobby-winners]')!;
  const winnerList = winners.querySelector<HTMLElement>('[data-list]')!;
  const more = winners.querySelector<HTMLButtonElement>('[data-winners-more]')!;
  more.addEventListener('click', () => {
    const expanded = more.getAttribute('aria-expanded') !== 'true';
    more.setAttribute('aria-expanded', String(expanded));
    more.textContent = expanded ? texts.fewer : texts.more;
    winnerList.toggleAttribute('data-expanded', expanded);
  });
  const time = new Intl.DateTimeFormat(intl, { timeStyle: 'short' });
  const winnerItem = (win: Win) => {
    const item = element('li', 'winner');
    const amount = formatMoney(win.amount, win.currency, document.documentElement.lang as Locale);
    const when = element('time', undefined, time.format(new Date(win.at)));
    when.dateTime = win.at;
    const player = win.player === HIDDEN_PLAYER ? (root.dataset.hidden ?? '') : win.player;
    item.append(
      element('span', undefined, interpolate(root.dataset.winner ?? '', { player, amount, game: win.game })),
      when,
    );
    return item;
  };
  // Kept current by the live feed: each win that settles leads the list, which keeps its length.
  onLiveEvent((name, data) => {
    const win = name === 'bet' ? winOfBet(data as BetEvent) : undefined;
    if (!win || !winnerList.isConnected || winners.getAttribute('aria-busy') !== 'false') return;
    winnerList.prepend(winnerItem(win));
    winnerList.lastElementChild?.remove();
  });
  void getJson<Win[]>(API_PATHS.winStats)
    .then((wins) => {
      if (!wins.length) throw new Error('empty list');
      winnerList.replaceChildren(...wins.map(winnerItem));
      // "More" only when some are folded away at this width.
      more.hidden = wins.length <= (matchMedia('(max-width: 35.99rem)').matches ? 5 : 10);
    })
    .catch((error: unknown) => {
      console.warn('[lobby] list unavailable', error);
      winnerList.remove();
      more.hidden = true;
      winners.querySelector<HTMLElement>('[data-unavailable]')!.hidden = false;
    })
    .finally(() => winners.setAttribute('aria-busy', 'false'));
}
