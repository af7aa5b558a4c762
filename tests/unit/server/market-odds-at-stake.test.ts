// Where a market asks for the RTP and the top win's chance beside the stake (DE), every game it offers must
// have both; today only slots have a single top win, so such a market may offer slots only. A profile that
// listed another mechanic would fail here before a page showed a stake without its odds.
import { describe, expect, it } from 'vitest';
import { GAME_CATALOGUE } from '#core/games/catalogue.ts';
import { topWinChance } from '#core/games/registry.ts';
import { MARKET_CODES } from '#server/markets/market-profile.ts';
import { loadMarketProfile } from '#server/markets/market-profiles.ts';

const asking = MARKET_CODES.map((code) => loadMarketProfile(code)).filter(
  (profile) => profile.rules.oddsAtStake?.shown,
);

describe('odds beside the stake', () => {
  it('DE is the market that asks, and it offers slots only', () => {
    expect(asking.map((profile) => profile.code)).toEqual(['DE']);
    expect(asking[0]!.rules.games.allowed).toEqual(['slot']);
  });

  it.each(asking.map((profile) => [profile.code, profile] as const))(
    '%s: every game it offers has a top-win chance',
    (_code, profile) => {
      const allowed = profile.rules.games.allowed;
      expect(allowed).not.toBe('all');
      const offered = GAME_CATALOGUE.filter((game) => (allowed as readonly string[]).includes(game.mechanic));
      expect(offered.length).toBeGreaterThan(0);
      const without = offered.filter((game) => !topWinChance(game.mechanic, game.id)).map((game) => game.id);
      expect(without).toEqual([]);
    },
  );

  it('a game of another mechanic has no top-win chance to show (roulette, crash, blackjack)', () => {
    for (const id of ['european-roulette', 'crash', 'blackjack']) {
      const game = GAME_CATALOGUE.find((candidate) => candidate.id === id);
      expect(game, id).toBeDefined();
      expect(topWinChance(game!.mechanic, game!.id)).toBeUndefined();
    }
  });
});
