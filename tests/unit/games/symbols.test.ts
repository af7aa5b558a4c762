import { describe, expect, it } from 'vitest';
import { SLOT_TITLES } from '#core/games/slot.ts';
import { SYMBOLS_WITH_ART } from '#server/providers/games/page/client/symbols.ts';

describe('slot symbol art', () => {
  it('every symbol of every slot title has its own drawing, and there is none for a symbol no title uses', () => {
    const symbols = Object.values(SLOT_TITLES).flatMap((title) => [...title.symbols]);
    expect([...SYMBOLS_WITH_ART].sort()).toEqual([...symbols].sort());
  });
});
