// Where focus goes when the element it should return to is gone or hidden (a dialog's trigger
// that sign-in hid, a form that re-rendered): never the page body.

const usable = (element: HTMLElement | null | undefined): element is HTMLElement =>
  !!element && element.isConnected && element !== document.body && element.getClientRects().length > 0;

/** The page's own main heading, made focusable without entering the tab order. */
export function mainHeading(): HTMLElement | null {
  const heading = document.querySelector<HTMLElement>('main h1');
  if (heading && !heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
  return heading;
}

/** Focuses the first usable candidate, else the main heading. */
export function restoreFocus(...candidates: (HTMLElement | null | undefined)[]) {
  const target = candidates.find(usable) ?? mainHeading();
  target?.focus();
}
