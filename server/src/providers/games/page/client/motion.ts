// Motion helpers for the game page: every animation shows an outcome the server has already
// settled (the wallet never waits for it), and with prefers-reduced-motion it becomes a short fade.

let quick = false;
/** The page's "quick play" setting: animations run at about a third of their length. */
export const setQuick = (on: boolean) => void (quick = on);
let floorMs = 0;
/**
 * The least time the coming animation should run: what is left of the market's game cycle
 * (RTS 14, GlüStV §22a), so the reels turn through it instead of standing still at the end.
 */
export const setMotionFloor = (ms: number) => void (floorMs = Math.max(0, ms));
/** A duration with the quick-play setting applied. */
export const duration = (ms: number) => Math.round(quick ? ms * 0.35 : ms);
/** How much longer than planned an animation whose longest part takes `longestMs` runs to fill the floor. */
export const floorScale = (longestMs: number) => Math.max(1, floorMs / Math.max(1, longestMs));

/** Resolves once `performance.now()` reaches `deadline` (at once when it has). */
export const waitUntil = (deadline: number) =>
  new Promise<void>((resolve) => setTimeout(resolve, Math.max(0, deadline - performance.now())));

/** The player asked for less motion. */
export const reducedMotion = () => matchMedia('(prefers-reduced-motion: reduce)').matches;

/** Resolves after the element's transition or animation ends, or after `ms` at the latest. */
export function settleAfter(
  element: Element,
  ms: number,
  event: 'transitionend' | 'animationend' = 'transitionend',
): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      element.removeEventListener(event, onEnd);
      resolve();
    };
    const onEnd = (end: Event) => {
      if (end.target === element) done();
    };
    const timer = setTimeout(done, ms + 80);
    element.addEventListener(event, onEnd);
  });
}

/** Restarts a CSS animation class on an element (a fade or a deal). */
export function replay(element: HTMLElement, className: string) {
  element.classList.remove(className);
  void element.offsetWidth;
  element.classList.add(className);
}

/** The quick-play checkbox, for the bet form (not remembered: the opaque-origin page has no storage). */
export function quickToggle(label: string, id: string): HTMLElement {
  const input = document.createElement('input');
  input.type = 'checkbox';
  input.id = id;
  input.name = 'quick';
  input.addEventListener('change', () => setQuick(input.checked));
  const text = document.createElement('label');
  text.htmlFor = id;
  text.textContent = label;
  const wrap = document.createElement('div');
  wrap.className = 'choice quick';
  wrap.append(input, text);
  return wrap;
}
