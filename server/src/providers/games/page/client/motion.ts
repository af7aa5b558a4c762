// Motion helpers for the game page: every animation shows an outcome the server has already
// settled (the wallet never waits for it), and with prefers-reduced-motion it becomes a short fade.

/** The player asked for less motion. */
export const reducedMotion = () => matchMedia('(prefers-reduced-motion: reduce)').matches;

/** Resolves after the element's transition or animation ends, or after `ms` at the latest. */
export function settleAfter(element: Element, ms: number, event: 'transitionend' | 'animationend' = 'transitionend'): Promise<void> {
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
