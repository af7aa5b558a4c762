// Favourite stars, without React: on every lobby tile and on /play. A signed-in
// player's favourites live on the server (/api/user/favourites); the API client loads only with a
// token. Signed out, a star opens the sign-in dialog. Every star on the page shows one state.
import { atom } from 'nanostores';
import type { Game } from '../../core/api/contract';
import { $token } from '../stores/session';
import { openAuthDialog } from '../stores/dialogs';
import { interpolate } from '../../core/i18n/interpolate';

/** The player's favourites (newest first); null while unknown or signed out. */
export const $favourites = atom<Game[] | null>(null);
const catalogue = new Map<string, Game>();
let loading: Promise<void> | undefined;
/**
 * Stars clicked while the list was still on its way (the game when starred, null when unstarred):
 * applied over the list when it comes, so an answer read before the click never undoes it.
 */
const clickedWhileLoading = new Map<string, Game | null>();
let listArrived = false;

/** Tiles register what they show, so a new star can be listed at once (before the server answers). */
export function knowGames(games: Game[]) {
  for (const game of games) catalogue.set(game.id, game);
}

const api = () => import('../api/favourites');

export function loadFavourites(): Promise<void> {
  if (!$token.get()) return Promise.resolve();
  loading ??= api()
    .then(({ getFavourites }) => getFavourites())
    .then((games) => {
      let list = games;
      for (const [id, game] of clickedWhileLoading) {
        list = list.filter((item) => item.id !== id);
        if (game) list = [game, ...list];
      }
      clickedWhileLoading.clear();
      listArrived = true;
      $favourites.set(list);
    })
    .catch((error: unknown) => {
      console.warn('[favourites] unavailable', error);
      loading = undefined;
    });
  return loading;
}

function announce(text: string) {
  let region = document.querySelector<HTMLElement>('[data-favourite-status]');
  if (!region) {
    region = document.createElement('p');
    region.className = 'visually-hidden';
    region.setAttribute('role', 'status');
    region.dataset.favouriteStatus = '';
    document.body.append(region);
  }
  region.textContent = text;
}

interface Labels {
  add: string;
  remove: string;
  sign_in: string;
  failed: string;
}
const labelsOf = (star: HTMLElement): Labels =>
  JSON.parse(star.closest<HTMLElement>('[data-star-labels]')?.dataset.starLabels ?? '{}') as Labels;

/** Sets every star's pressed state and name from the session and the favourites. */
export function syncStars(root: ParentNode = document) {
  const signedIn = Boolean($token.get());
  const ids = new Set(($favourites.get() ?? []).map((game) => game.id));
  for (const star of root.querySelectorAll<HTMLButtonElement>('[data-favourite-star]')) {
    const id = star.dataset.gameId;
    if (!id) continue;
    const labels = labelsOf(star);
    const on = signedIn && ids.has(id);
    star.setAttribute('aria-pressed', String(on));
    star.setAttribute(
      'aria-label',
      interpolate(signedIn ? (on ? labels.remove : labels.add) : labels.sign_in, { game: star.dataset.gameName ?? '' }),
    );
  }
}

async function toggle(star: HTMLButtonElement) {
  const id = star.dataset.gameId!;
  const before = $favourites.get() ?? [];
  const on = before.some((game) => game.id === id);
  const game = catalogue.get(id) ?? {
    id,
    name: star.dataset.gameName ?? id,
    provider: '',
    image: `/games/${id}.svg`,
    category: 'slots' as const,
  };
  // Shown at once; put back if the server refuses.
  if (loading && !listArrived) clickedWhileLoading.set(id, on ? null : game);
  $favourites.set(on ? before.filter((item) => item.id !== id) : [game, ...before]);
  try {
    const { addFavourite, removeFavourite } = await api();
    await (on ? removeFavourite(id) : addFavourite(id));
  } catch (error) {
    console.warn('[favourites] not saved', error);
    clickedWhileLoading.delete(id);
    $favourites.set(before);
    announce(labelsOf(star).failed);
  }
}

let started = false;
/** Wires every star on the page (call once per page). */
export function initFavouriteStars() {
  if (started) return;
  started = true;
  document.addEventListener('click', (event) => {
    const star = (event.target as Element | null)?.closest<HTMLButtonElement>('[data-favourite-star]');
    if (!star?.dataset.gameId) return;
    event.preventDefault();
    // Signed out, the star offers sign-in.
    if (!$token.get()) openAuthDialog('sign-in');
    else void toggle(star);
  });
  $favourites.subscribe(() => syncStars());
  $token.subscribe((token) => {
    if (!token) $favourites.set(null);
    syncStars();
    void loadFavourites();
  });
}
