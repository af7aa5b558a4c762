// Beside the stake, where the market asks for it (GlüStV: DE): the game's RTP and the chance of its top
// win, both from the game's published maths (core/games/catalogue.ts, core/games/slot-top-win.ts).
import { GAME_CATALOGUE } from '#core/games/catalogue.ts';
import { topWinChance } from '#core/games/registry.ts';
import { oneInSpins } from '#core/games/slot-top-win.ts';
import type { GameSessionState } from '#core/games/protocol.ts';
import { h, type T } from './dom.ts';
import { percentText } from './info.ts';

/** The note under a market that asks for it, for a game with a single top win (slots); null otherwise. */
export function oddsAtStake(state: GameSessionState, t: T, intl: string): HTMLElement | null {
  if (!state.odds_at_stake) return null;
  const game = GAME_CATALOGUE.find((candidate) => candidate.id === state.game.id);
  const chance = topWinChance(state.game.mechanic, state.game.id);
  if (!game || !chance) return null;
  const number = new Intl.NumberFormat(intl);
  return h(
    'p',
    {
      class: 'hint odds-at-stake',
      'data-odds-at-stake': true,
      'data-rtp': game.rtp,
      'data-top-win-chance': `${chance.combinations}/${chance.total}`,
    },
    t('play.odds_at_stake', {
      rtp: percentText(game.rtp, intl),
      multiple: number.format(chance.lineMultiple),
      spins: number.format(oneInSpins(chance)),
    }),
  );
}
