// The phone header's menu: a disclosure button that shows the navigation and the language and
// colour-mode controls. Esc and a click outside close it; focus moves into it on open and back to
// the button when Esc closes it. On wide screens CSS shows its contents inline and ignores this.
export function initSiteMenu() {
  const toggle = document.querySelector<HTMLButtonElement>('[data-menu-toggle]');
  const menu = document.querySelector<HTMLElement>('[data-menu]');
  if (!toggle || !menu) return;

  const setOpen = (open: boolean, returnFocus = false) => {
    toggle.setAttribute('aria-expanded', String(open));
    menu.toggleAttribute('data-open', open);
    if (open) menu.querySelector<HTMLElement>('a[aria-current="page"], a, button, input')?.focus();
    else if (returnFocus) toggle.focus();
  };
  const isOpen = () => menu.hasAttribute('data-open');

  toggle.addEventListener('click', () => setOpen(!isOpen()));
  document.addEventListener('keydown', (event) => {
    if (event.key === 'Escape' && !event.defaultPrevented && isOpen()) setOpen(false, true);
  });
  document.addEventListener('click', (event) => {
    if (isOpen() && !menu.contains(event.target as Node) && !toggle.contains(event.target as Node)) setOpen(false);
  });
  // Tabbing out of the menu closes it, so it never hides the page behind the focus.
  menu.addEventListener('focusout', (event) => {
    const next = event.relatedTarget as Node | null;
    if (isOpen() && next && !menu.contains(next) && next !== toggle) setOpen(false);
  });
}
