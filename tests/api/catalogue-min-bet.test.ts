import { describe, expect, it } from 'vitest';
import { toCents } from '../../core/api/money.ts';
import { balanceOf, useTestApi } from './harness.ts';

const ctx = useTestApi();

describe('every advertised minimum stake is one the game takes', () => {
  it('a slot round at the catalogue’s min_bet and the session’s min_bet is played, not refused', async () => {
    const catalogue = await ctx.api.request('GET', '/gmnggate/games?category=slots&page_size=100');
    expect(catalogue.status).toBe(200);
    const slots = catalogue.body.results as { id: string; min_bet: string }[];
    expect(slots.length).toBeGreaterThan(0);
    // The 20-line titles cannot share 0.10 over their lines: their minimum is 0.20, the others' 0.10.
    const minimums = new Set(slots.map((slot) => slot.min_bet));
    expect(minimums).toEqual(new Set(['0.10', '0.20']));
    const player = await ctx.api.player({ balance: '50.00' });
    for (const slot of slots) {
      const launch = await ctx.api.request('POST', '/gmnggate/api', {
        token: player.token,
        body: { method: 'game_launch', game_id: slot.id, mode: 'real' },
      });
      const path = `/demo-games/api/sessions/${launch.body.session_id}`;
      const state = await ctx.api.request('GET', path, { encrypt: false });
      expect(state.body.min_bet, slot.id).toBe(slot.min_bet);
      const before = await balanceOf(ctx.api, player.id);
      const round = await ctx.api.request('POST', `${path}/rounds`, {
        body: { bet: { type: 'slot', amount: slot.min_bet } },
        encrypt: false,
      });
      expect(round.status, `${slot.id} at ${slot.min_bet}`).toBe(200);
      expect(round.body.round.stake).toBe(slot.min_bet);
      // The balance moved by exactly win − stake.
      const after = toCents(await balanceOf(ctx.api, player.id))!;
      expect(after, slot.id).toBe(toCents(before)! - toCents(slot.min_bet)! + toCents(round.body.round.win)!);
    }
  });
});
