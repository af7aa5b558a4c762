import { LOCALE_COOKIE, isCrossOrigin, localeCookieAttributes } from './locale-cookie.ts';

/** Remembers the chosen locale so the root `/` sends the visitor back to it next time. */
export function rememberLocale(locale: string): void {
  const crossOrigin = isCrossOrigin(import.meta.env.PUBLIC_COOKIE_CROSS_ORIGIN);
  document.cookie = `${LOCALE_COOKIE}=${encodeURIComponent(locale)}${localeCookieAttributes(crossOrigin)}`;
}

export function initLanguageSwitcher(): void {
  for (const switcher of document.querySelectorAll<HTMLDetailsElement>('[data-language-switcher]')) {
    switcher.addEventListener('click', (event) => {
      const link = (event.target as Element).closest<HTMLAnchorElement>('a[data-locale]');
      if (!link) return;
      rememberLocale(link.dataset.locale!);
      // The links point at the same route in each locale; keep the query and hash too.
      link.href = link.pathname + location.search + location.hash;
    });
    switcher.addEventListener('keydown', (event) => {
      if (event.key !== 'Escape' || !switcher.open) return;
      // Handled: the header menu around it stays open.
      event.preventDefault();
      switcher.open = false;
      switcher.querySelector('summary')?.focus();
    });
    document.addEventListener('click', (event) => {
      if (switcher.open && !switcher.contains(event.target as Node)) switcher.open = false;
    });
  }
}
