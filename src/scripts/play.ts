// The /play page without React: reads ?game=<id>, shows the game's name and provider, launches
// it (demo for anyone, real money when signed in) and frames the provider's page. The API
// client is imported only when a launch or a balance refresh needs it.
import { API_PATHS, type CatalogueGame, type Paginated } from '../../core/api/contract';
import { getPublicJson } from '../api/get-public';
import { fetchCrashRoomState } from '../api/crash-room-state';
import { interpolate } from '../../core/i18n/interpolate';
import { $token, $user, setUser } from '../stores/session';
import { holdBalance, releaseBalance } from '../stores/held-balance';

type Mode = 'real' | 'demo';
interface Messages {
  by_provider: string;
  frame_title: string;
  unknown_game: string;
  launch_failed: string;
  mode_demo: string;
  mode_real: string;
}

/**
 * Game ids: our own are short slugs, a provider's are 1 to 255 printable ASCII characters
 * (docs/provider-api.md); anything else is refused before any request.
 */
const GAME_ID = /^[\x21-\x7e]{1,255}$/;

/**
 * The origin game pages are loaded from: PUBLIC_GAME_PROVIDER_ORIGIN when the provider is
 * separate, else the site's own (the reference server is both). The page itself runs sandboxed
 * in an opaque origin either way (PlayStage.astro), so its messages arrive from origin "null".
 */
export const providerOrigin = () => import.meta.env.PUBLIC_GAME_PROVIDER_ORIGIN || location.origin;

/** The game page follows the site's colour mode, which the pre-paint script sets as a class. */
const theme = () => (document.documentElement.classList.contains('p-dark') ? 'dark' : 'light');

/** The frame's address for the current colour mode. */
export function frameUrl(url: string, colour: 'light' | 'dark'): string {
  const address = new URL(url, providerOrigin());
  address.searchParams.set('theme', colour);
  return address.href;
}

/** A message from our own game frame (see isBalanceChanged for why the source is what counts) of this type. */
export function isFrameMessage(event: MessageEvent, frame: HTMLIFrameElement, type: string): boolean {
  return (
    event.origin === 'null' &&
    event.source !== null &&
    event.source === frame.contentWindow &&
    typeof event.data === 'object' &&
    event.data !== null &&
    (event.data as { type?: unknown }).type === type
  );
}

/**
 * The sound setting: a signed-in player's is on their account (`game_sound`, the same in every
 * browser); signed out, it is remembered in this browser. Off unless the player turned it on.
 */
export const SOUND_KEY = 'amberplay.sound';
export function soundPreference(storage: Pick<Storage, 'getItem'> | undefined): boolean {
  try {
    return storage?.getItem(SOUND_KEY) === 'on';
  } catch {
    return false;
  }
}

/**
 * A balance-changed message from our game frame. The sandboxed page has an opaque origin, so the
 * origin is always "null" (as for any sandboxed frame); what identifies it is the source: the
 * window of our own frame, which only the page we loaded in it can post from.
 */
export function isBalanceChanged(event: MessageEvent, frame: HTMLIFrameElement): boolean {
  return isFrameMessage(event, frame, 'balance-changed');
}

/** localStorage, or undefined where it is refused. */
function storage(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
}

/** Stores a signed-in player's sound setting on their account; the answer updates the session store. */
let savingSound = 0;
async function saveSound(on: boolean) {
  savingSound += 1;
  try {
    const { updateUser } = await import('../api/user');
    const { game_sound } = await updateUser({ game_sound: on });
    // Only the last of several quick clicks updates the store (the button already shows it).
    const user = $user.get();
    if (savingSound === 1 && user) setUser({ ...user, game_sound });
  } finally {
    savingSound -= 1;
  }
}

async function refreshUser() {
  if (!$token.get()) return;
  const { getMe } = await import('../api/user');
  // Never a number from the message: the API's own answer, and the low-balance rule with it.
  setUser(await getMe());
}

/** The longest a round may keep the bar's balance from changing (a crash round runs for minutes at most). */
const MAX_BALANCE_HOLD_MS = 10 * 60 * 1000;

/** The game whose page is the shared crash room while the room runs (docs/multiplayer-crash.md). */
export const CRASH_ROOM_GAME = 'crash';

/** The room is off: the space the pre-paint script kept for it goes back to the launch buttons. */
function releaseRoomSpace(): false {
  document.documentElement.removeAttribute('data-play-game');
  return false;
}

/**
 * Shows the shared crash room instead of the single-player title's launch buttons when the room is
 * on (its state has a commitment). The room's script is fetched only then.
 */
async function openCrashRoom(modes: HTMLElement): Promise<boolean> {
  const root = document.querySelector<HTMLElement>('[data-crash-room]');
  if (!root) return releaseRoomSpace();
  try {
    const { state, sentAt, receivedAt } = await fetchCrashRoomState();
    if (!state.commitment) return releaseRoomSpace();
    modes.hidden = true;
    const { initCrashRoom } = await import('./crash-room');
    initCrashRoom(root, state, sentAt, receivedAt);
    return true;
  } catch (reason) {
    // The single-player title stays playable when the room does not answer.
    console.warn('[play] the crash room is unavailable', reason);
    return releaseRoomSpace();
  }
}

export function initPlay() {
  const root = document.querySelector<HTMLElement>('[data-play]');
  if (!root) return;
  const messages = JSON.parse(root.dataset.messages ?? '{}') as Messages;
  const part = <T extends HTMLElement>(name: string) => root.querySelector<T>(`[data-${name}]`)!;
  const gameSection = part('play-game');
  const error = part('play-error');
  const modes = part('play-modes');
  const stage = part('play-stage');
  const loading = part('play-loading');
  const frame = part<HTMLIFrameElement>('play-frame');
  let launchedUrl = '';

  const fail = (text: string) => {
    error.textContent = text;
    error.hidden = false;
  };
  const unknown = () => {
    gameSection.setAttribute('aria-busy', 'false');
    gameSection.hidden = true;
    modes.hidden = true;
    closeStage();
    fail(messages.unknown_game);
  };

  const id = new URLSearchParams(location.search).get('game') ?? '';
  if (!GAME_ID.test(id)) return unknown();
  // For crash, the launch buttons wait for the room's answer, so they never flash before the room.
  const roomShown = id === CRASH_ROOM_GAME ? openCrashRoom(modes) : Promise.resolve(false);

  // The catalogue lists every game (most_popular only the top ones).
  void getPublicJson<Paginated<CatalogueGame>>(`${API_PATHS.games}?page_size=100`)
    .then(async ({ results }) => {
      const game = results.find((candidate) => candidate.id === id);
      if (!game) return unknown();
      part('game-name').textContent = game.name;
      part('bar-name').textContent = game.name;
      part('game-provider').textContent = interpolate(messages.by_provider, { provider: game.provider });
      frame.title = interpolate(messages.frame_title, { game: game.name });
      // A provider's game without a demo mode launches for real money only.
      if (game.demo === false) root.querySelector<HTMLElement>('[data-launch="demo"]')!.hidden = true;
      gameSection.setAttribute('aria-busy', 'false');
      if (!(await roomShown)) modes.setAttribute('data-ready', '');
    })
    .catch((reason) => {
      console.warn('[play] game details unavailable', reason);
      gameSection.setAttribute('aria-busy', 'false');
      modes.hidden = true;
      fail(messages.launch_failed);
    });

  // The stage fills the window while a game is open; the page around it is hidden (PlayStage.astro).
  function openStage(mode: Mode) {
    stage.dataset.mode = mode;
    stage.hidden = false;
    stage.parentElement?.setAttribute('data-playing', '');
    document.documentElement.classList.add('is-playing');
  }
  function closeStage() {
    stage.hidden = true;
    stage.parentElement?.removeAttribute('data-playing');
    document.documentElement.classList.remove('is-playing');
  }

  // The bar's tools. Messages to the frame go to its window with target "*", the only one an
  // opaque origin accepts; they carry no data of the player's, only a panel name or the sound flag.
  const post = (message: Record<string, unknown>) => frame.contentWindow?.postMessage(message, '*');
  const soundButton = part<HTMLButtonElement>('sound');
  let sound = $token.get() ? false : soundPreference(storage());
  const showSound = () => soundButton.setAttribute('aria-pressed', String(sound));
  showSound();
  // Signed in: the account's setting, once the session start has loaded the player (and again
  // after any reload of them).
  $user.subscribe((user) => {
    if (!user || savingSound > 0 || user.game_sound === sound) return;
    sound = user.game_sound;
    showSound();
    post({ type: 'sound', on: sound });
  });
  soundButton.addEventListener('click', () => {
    sound = !sound;
    showSound();
    post({ type: 'sound', on: sound });
    if ($token.get()) {
      void saveSound(sound).catch((reason) => console.warn('[play] the sound setting was not saved', reason));
      return;
    }
    try {
      storage()?.setItem(SOUND_KEY, sound ? 'on' : 'off');
    } catch {
      // Private mode: the setting lasts for this page only.
    }
  });
  for (const button of root.querySelectorAll<HTMLButtonElement>('[data-show-panel]')) {
    button.addEventListener('click', () => {
      // The frame takes focus first, so the game page may move it to the panel's heading.
      frame.focus();
      post({ type: 'show', panel: button.dataset.showPanel });
    });
  }
  const fullscreen = part<HTMLButtonElement>('fullscreen');
  if (document.fullscreenEnabled && typeof stage.requestFullscreen === 'function') {
    fullscreen.hidden = false;
    fullscreen.addEventListener('click', () => {
      const request = document.fullscreenElement
        ? document.exitFullscreen()
        : stage.requestFullscreen({ navigationUI: 'hide' });
      request.catch((reason: unknown) => console.warn('[play] full screen refused', reason));
    });
    document.addEventListener('fullscreenchange', () =>
      fullscreen.setAttribute('aria-pressed', String(document.fullscreenElement === stage)),
    );
  }

  frame.addEventListener('load', () => {
    if (frame.src) loading.hidden = true;
  });

  async function launch(mode: Mode, button: HTMLButtonElement) {
    button.disabled = true;
    error.hidden = true;
    try {
      const { launchGame } = await import('../api/games');
      const { url } = await launchGame(id, mode, theme());
      launchedUrl = url;
      part('play-mode').textContent = mode === 'real' ? messages.mode_real : messages.mode_demo;
      loading.hidden = false;
      openStage(mode);
      frame.src = frameUrl(url, theme());
      frame.focus();
    } catch (reason) {
      const { ApiError } = await import('../api/errors');
      if (reason instanceof ApiError && reason.status === 404) return unknown();
      // 403 (the player may not play) and the like come with the server's localized reason.
      fail(reason instanceof ApiError && reason.detail ? reason.detail : messages.launch_failed);
      if (!(reason instanceof ApiError) || reason.status >= 500) console.error('[play] launch failed', reason);
    } finally {
      button.disabled = false;
    }
  }

  for (const button of root.querySelectorAll<HTMLButtonElement>('[data-launch]')) {
    button.addEventListener('click', () => void launch(button.dataset.launch as Mode, button));
  }

  // A colour-mode change reloads the game page in the new mode; the round state lives on the server.
  new MutationObserver(() => {
    if (launchedUrl && new URL(frame.src).searchParams.get('theme') !== theme())
      frame.src = frameUrl(launchedUrl, theme());
  }).observe(document.documentElement, { attributes: true, attributeFilter: ['class'] });

  // From a round's start to its result on screen the bar keeps the balance it had (the wallet moved
  // already); a frame that never says the result is shown frees it after a while.
  let holdLimit: ReturnType<typeof setTimeout> | undefined;
  const release = () => {
    clearTimeout(holdLimit);
    releaseBalance();
  };
  window.addEventListener('message', (event) => {
    // The game page is built (a new page has no round on screen): it gets the remembered sound setting.
    if (isFrameMessage(event, frame, 'game-ready')) {
      release();
      return post({ type: 'sound', on: sound });
    }
    if (isFrameMessage(event, frame, 'round-started')) {
      holdBalance();
      clearTimeout(holdLimit);
      holdLimit = setTimeout(releaseBalance, MAX_BALANCE_HOLD_MS);
      return;
    }
    if (!isBalanceChanged(event, frame)) return;
    release();
    refreshUser().catch((reason) => console.warn('[play] balance refresh failed', reason));
  });
}
