import { API_PATHS, type MarketInfo } from '../../core/api/contract';
import { getPublicJson } from '../api/get-public';

/**
 * The footer's licence line: the market's regulator (linked) and the licence number, from `GET /api/market`,
 * since the market is the server's setting and the site is built once for every market. Filled as text.
 */
export function initMarketLicence() {
  const line = document.querySelector<HTMLElement>('[data-market-licence]');
  if (!line) return;
  getPublicJson<MarketInfo>(API_PATHS.market)
    .then((market) => {
      const template = (market.licence_number ? line.dataset.withNumber : line.dataset.withoutNumber) ?? '';
      const [before = '', after = ''] = template.split('{regulator}');
      const regulator = document.createElement('a');
      regulator.href = market.regulator.url;
      regulator.rel = 'noopener';
      regulator.textContent = market.regulator.name;
      line.replaceChildren(before, regulator, after.replace('{number}', market.licence_number ?? ''));
      line.hidden = false;
    })
    .catch((error: unknown) => console.warn('[footer] market unavailable', error));
}
