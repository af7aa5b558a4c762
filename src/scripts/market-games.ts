import { API_PATHS, type MarketInfo } from '../../core/api/contract';
import { getPublicJson } from '../api/get-public';

/**
 * The site is built once for every market, so a page listing games by mechanic (the /rules page) lists
 * them all; the server's market (`GET /api/market`) says which it offers, and the others are hidden.
 * Without the script or the answer every game stays listed: the server still refuses a launch of one
 * the market does not offer (docs/markets.md).
 */
export function initMarketGames() {
  const games = [...document.querySelectorAll<HTMLElement>('[data-market-games] [data-mechanic]')];
  if (!games.length) return;
  getPublicJson<MarketInfo>(API_PATHS.market)
    .then(({ games_allowed: allowed }) => {
      for (const game of games) game.hidden = allowed !== 'all' && !allowed.includes(game.dataset.mechanic ?? '');
      document.documentElement.dataset.marketGames = 'ready';
    })
    .catch((error: unknown) => console.warn('[rules] market unavailable', error));
}
