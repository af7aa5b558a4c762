// The game page's frame-filling layout and its messages with the site (/play):
//   - the action bar (result + action buttons) sticks to the bottom of the frame, so the button and
//     the outcome are in view after a round at any frame size, and the board sits above the controls;
//   - the site's slim bar (src/scripts/play.ts) asks the page to show its info or fairness panel and
//     says whether sound is on. The page accepts those only from its parent window and the site's
//     exact origin; they carry no figures, only which panel to show and a boolean.
import { toCents } from '#core/api/money.ts';
import type { GameSessionState } from '#core/games/protocol.ts';
import { h, type T } from './dom.ts';
import { setSound } from './sound.ts';

/** The live region that announces a round's outcome once, whole ("No win", "You win €2.40"). */
export const resultRegion = () =>
  h('p', { role: 'status', 'aria-live': 'polite', 'aria-atomic': 'true', class: 'result', 'data-result': true });

/** The bar at the bottom of the bet form: the live result first, then the buttons. */
export function actionBar(...children: HTMLElement[]): HTMLElement {
  return h('div', { class: 'action-bar', 'data-action-bar': true }, ...children);
}

/**
 * The page's landmark. Opened on its own, the game is the document's `main`; framed in /play, the
 * site's page already has the one `main`, so the game is a region named by its heading (one `main`
 * per document tree, as axe and screen readers expect).
 */
export function gameLandmark(root: HTMLElement, framed: boolean, headingId: string) {
  if (framed) {
    root.setAttribute('role', 'region');
    root.setAttribute('aria-labelledby', headingId);
  } else {
    root.setAttribute('role', 'main');
    root.removeAttribute('aria-labelledby');
  }
}

/** The id of the game's heading (the name of its region when framed). */
export const GAME_TITLE_ID = 'game-title';

/** The page's header: the game's name (the title of its landmark), real or demo play, and the balance. */
export const gameHeader = (state: GameSessionState, t: T, balance: HTMLElement) =>
  h(
    'header',
    { class: 'top' },
    h('h1', { id: GAME_TITLE_ID }, state.game.name),
    h('p', { class: 'mode' }, t(state.mode === 'real' ? 'mode_real' : 'mode_demo')),
    h('p', { class: 'balance' }, `${t('balance')}: `, balance),
  );

/** What the site may ask of the page. */
export type SiteMessage = { type: 'show'; panel: 'info' | 'fairness' } | { type: 'sound'; on: boolean };

/** A message from the site, or null: anything else (other windows, other origins, other shapes) is ignored. */
export function siteMessage(
  event: Pick<MessageEvent, 'source' | 'origin' | 'data'>,
  parent: unknown,
  siteOrigin: string,
): SiteMessage | null {
  if (event.source === null || event.source !== parent || event.origin !== siteOrigin) return null;
  const data = event.data as Record<string, unknown> | null;
  if (typeof data !== 'object' || data === null) return null;
  if (data.type === 'show' && (data.panel === 'info' || data.panel === 'fairness'))
    return { type: 'show', panel: data.panel };
  if (data.type === 'sound' && typeof data.on === 'boolean') return { type: 'sound', on: data.on };
  return null;
}

/** Listens to the site once the page is built, and tells it the page is ready for its settings. */
export function listenToSite(siteOrigin: string) {
  if (window.parent === window) return;
  window.addEventListener('message', (event) => {
    const message = siteMessage(event, window.parent, siteOrigin);
    if (!message) return;
    if (message.type === 'sound') return setSound(message.on);
    const heading = document.getElementById(message.panel === 'info' ? 'info-title' : 'fair-title');
    if (!heading) return;
    heading.scrollIntoView({
      block: 'start',
      behavior: matchMedia('(prefers-reduced-motion: reduce)').matches ? 'auto' : 'smooth',
    });
    heading.focus({ preventScroll: true });
  });
  window.parent.postMessage({ type: 'game-ready' }, siteOrigin);
}

/**
 * How much a round is celebrated, from its net win: 0 for a payout at or below the stake (never
 * celebrated, UKGC RTS 7), 1 above the stake, 2 from 5× the stake, 3 from 25×. Decimal-safe.
 */
export function winScale(stake: string, win: string): 0 | 1 | 2 | 3 {
  const staked = toCents(stake);
  const paid = toCents(win);
  if (staked === undefined || paid === undefined || staked <= 0n || paid <= staked) return 0;
  if (paid >= staked * 25n) return 3;
  if (paid >= staked * 5n) return 2;
  return 1;
}

/** The board's win effect for this scale (CSS: a glow that grows with the win; a fade with reduced motion). */
export function celebrate(board: HTMLElement, scale: number) {
  const target = board.closest('.board') ?? board;
  target.removeAttribute('data-celebrate');
  if (scale <= 0) return;
  // Restart the animation for a second win in a row.
  void (target as HTMLElement).offsetWidth;
  target.setAttribute('data-celebrate', String(scale));
}
