// The one bundled script every page loads. Keep it small: public pages have a 15 KB budget.
import { initColorMode } from './color-mode';
import { initLanguageSwitcher } from './language-switcher';
import { initNavigation } from './navigation';
import { initBuildFreshness } from './build-freshness';

initColorMode();
initLanguageSwitcher();
initNavigation();
initBuildFreshness();

for (const link of document.querySelectorAll<HTMLAnchorElement>('[data-reload]')) {
  link.addEventListener('click', (event) => {
    event.preventDefault();
    location.reload();
  });
}

// Lets tests (and anything else) know the header controls are live.
document.documentElement.setAttribute('data-client-ready', '');
