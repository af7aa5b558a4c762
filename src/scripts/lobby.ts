// Fills the home page's "most popular" and "recent winners" lists from the configured API,
// without React. A failed request swaps its list for a quiet message; the page never breaks.
import { apiBase } from '../api/base';
import { getPublicJson as getJson } from '../api/get-public';
import { API_PATHS, type Game, type Win } from '../api/contract';
import type { Locale } from '../i18n/locales.mjs';
import { formatMoney } from '../i18n/money-format';
import { interpolate } from '../i18n/interpolate';


/** Builds an element with text only: server data never becomes HTML. */
function element<K extends keyof HTMLElementTagNameMap>(tag: K, className?: string, text?: string): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

async function fillSection<T>(section: HTMLElement | null, load: () => Promise<T[]>, render: (item: T) => HTMLLIElement) {
  if (!section) return;
  const list = section.querySelector<HTMLElement>('[data-list]')!;
  try {
    const items = await load();
    if (!items.length) throw new Error('empty list');
    list.replaceChildren(...items.map(render));
  } catch (error) {
    console.warn('[lobby] list unavailable', error);
    list.remove();
    section.querySelector<HTMLElement>('[data-unavailable]')!.hidden = false;
  } finally {
    section.setAttribute('aria-busy', 'false');
  }
}

export function initLobby() {
  const root = document.querySelector<HTMLElement>('[data-lobby]');
  if (!root) return;
  const intl = root.dataset.intl ?? 'en-US';
  const categories = JSON.parse(root.dataset.categories ?? '{}') as Record<string, string>;
  const time = new Intl.DateTimeFormat(intl, { timeStyle: 'short' });

  void fillSection(root.querySelector('[data-lobby-games]'), () => getJson<Game[]>(API_PATHS.mostPopular), (game) => {
    const item = element('li', 'game-card');
    // The whole card is one link to the game, named by its heading.
    const link = element('a', 'game-card__link');
    link.href = `${root.dataset.playPath ?? '/play'}?game=${encodeURIComponent(game.id)}`;
    const image = element('img', 'game-card__image');
    image.src = new URL(game.image, apiBase()).href;
    image.alt = '';
    image.width = 320;
    image.height = 240;
    image.loading = 'lazy';
    image.decoding = 'async';
    link.append(image, element('h3', undefined, game.name), element('p', undefined, `${categories[game.category] ?? game.category} · ${interpolate(root.dataset.provider ?? '{provider}', { provider: game.provider })}`));
    item.append(link);
    return item;
  });

  void fillSection(root.querySelector('[data-lobby-winners]'), () => getJson<Win[]>(API_PATHS.winStats), (win) => {
    const item = element('li', 'winner');
    const amount = formatMoney(win.amount, win.currency, document.documentElement.lang as Locale);
    const when = element('time', undefined, time.format(new Date(win.at)));
    when.dateTime = win.at;
    item.append(element('span', undefined, interpolate(root.dataset.winner ?? '', { player: win.player, amount, game: win.game })), when);
    return item;
  });
}
