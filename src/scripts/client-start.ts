// The one bundled script every page loads. Keep it small: public pages have a 15 KB budget.
import { initColorMode } from './color-mode';
import { initLanguageSwitcher } from './language-switcher';
import { initSiteMenu } from './site-menu';
import { initNavigation } from './navigation';
import { initBuildFreshness } from './build-freshness';
import { initSessionHeader } from './session-header';
import { initLowBalanceDialog } from './low-balance-dialog';
import { initAuthDialogOpener } from './auth-dialog-opener';
import { captureReferral } from '../stores/referral-capture';
import { initSessionStart } from './session-start';
import { initRealityCheck } from './reality-check';
import { initMarketLicence } from './market-licence';
import { initMarketGames } from './market-games';

initColorMode();
initLanguageSwitcher();
initSiteMenu();
initNavigation();
initBuildFreshness();
captureReferral();
initSessionHeader();
initLowBalanceDialog();
initAuthDialogOpener();
void initSessionStart();
initRealityCheck();
initMarketLicence();
initMarketGames();

for (const link of document.querySelectorAll<HTMLAnchorElement>('[data-reload]')) {
  link.addEventListener('click', (event) => {
    event.preventDefault();
    location.reload();
  });
}

// Lets tests (and anything else) know the header controls are live.
document.documentElement.setAttribute('data-client-ready', '');
