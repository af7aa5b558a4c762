// Slots: one spin of the title's reels, paid line by line from its paytable.
import type { SingleRoundGame } from '../game-module.ts';
import type { SlotBet } from '../protocol.ts';
import { checkSlotBet, resolveSlot, slotStakeCents } from '../slot.ts';
import { slotTopWinChance } from '../slot-top-win.ts';

export const slotGame: SingleRoundGame<SlotBet> = {
  kind: 'single',
  mechanic: 'slot',
  checkBet: checkSlotBet,
  resolve: resolveSlot,
  stakeStep: slotStakeCents,
  topWinChance: slotTopWinChance,
  // The title's own maths; a stake its lines cannot share evenly becomes 1.00 (every step divides it).
  sampleBet: (gameId, stake) => {
    const checked = checkSlotBet({ type: 'slot', amount: stake }, gameId);
    return 'bet' in checked ? checked.bet : { type: 'slot', amount: '1.00', title: gameId };
  },
};
