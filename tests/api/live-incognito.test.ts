/**
 * Incognito (docs/live-stream.md): a profile setting, off by default, that shows the player as
 * "Hidden" (null on the wire) in every public feed: the live `bet` events and the winners feed.
 */
import { describe, expect, it } from 'vitest';
import { manualClock } from '#server/base/clock.ts';
import { useTestApi } from './harness.ts';
import { isBet, useLiveStreams } from './fixtures/live-streams.ts';

const clock = manualClock(new Date('2026-06-01T12:00:00Z'));
const ctx = useTestApi({}, { clock });
const { stream, ownStream, playDiceRound } = useLiveStreams(ctx);
const update = (token: string, body: unknown) => ctx.api.request('PATCH', '/api/user/update', { token, body });
const winners = async () => (await ctx.api.request('GET', '/api/snikx/win_stats')).body as { player: string }[];

describe('incognito', () => {
  it('is off by default, set on the profile with the clock’s time, and refuses anything but a boolean', async () => {
    const player = await ctx.api.player();
    expect((await ctx.api.request('GET', '/api/user/me', { token: player.token })).body.incognito).toBe(false);
    expect((await update(player.token, { incognito: 'yes' })).body).toEqual({
      incognito: ['Choose one of the offered options.'],
    });
    const on = await update(player.token, { incognito: true });
    expect(on.status).toBe(200);
    expect(on.body.incognito).toBe(true);
    const [row] = await ctx.api.db.query<{ incognito: boolean; incognito_set_at: Date }>(
      'SELECT incognito, incognito_set_at FROM users WHERE id = $1',
      [player.id],
    );
    expect(row!.incognito).toBe(true);
    expect(new Date(row!.incognito_set_at).toISOString()).toBe('2026-06-01T12:00:00.000Z');
  });

  it('hides the name in the live bets feed, for everyone, the player included', async () => {
    const player = await ctx.api.player({ balance: '50.00' });
    const visitor = await stream();
    const own = await ownStream(player.token);
    const { round: shown } = await playDiceRound(player.token);
    const masked = `${player.username.slice(0, 2)}***${player.username.at(-1)}`;
    expect((await visitor.next(isBet(shown.round_id))).data.player).toBe(masked);

    await update(player.token, { incognito: true });
    const { round: hidden } = await playDiceRound(player.token);
    const seen = await visitor.next(isBet(hidden.round_id));
    expect(seen.data).toMatchObject({ player: null, mine: false, stake: '2.00', payout: '3.96' });
    expect(JSON.stringify(seen.data)).not.toContain(player.username.slice(0, 2) + '***');
    expect((await own.next(isBet(hidden.round_id))).data).toMatchObject({ player: null, mine: true });
    // Nor is the name in the stored event (and so in no node's NOTIFY or replay).
    const [stored] = await ctx.api.db.query<{ data: { player: string | null } }>(
      `SELECT data FROM stream_events WHERE name = 'bet' AND data->>'round' = $1`,
      [hidden.round_id],
    );
    expect(stored!.data.player).toBeNull();

    await update(player.token, { incognito: false });
    const { round: again } = await playDiceRound(player.token);
    expect((await visitor.next(isBet(again.round_id))).data.player).toBe(masked);
  });

  it('hides the name in the winners feed, past wins included, and shows it again when turned off', async () => {
    clock.advance(3600 * 24 * 365 * 80); // newer than every seeded round, so this win leads the feed
    const player = await ctx.api.player({ balance: '50.00' });
    await playDiceRound(player.token);
    const masked = `${player.username.slice(0, 2)}***${player.username.at(-1)}`;
    expect((await winners())[0]!.player).toBe(masked);

    await update(player.token, { incognito: true });
    const hidden = await winners();
    // Still a string, as the feed's contract has it, and no masked name.
    expect(hidden[0]!.player).toBe('Hidden');
    expect(hidden.slice(1).every((win) => typeof win.player === 'string' && win.player !== 'Hidden')).toBe(true);

    await update(player.token, { incognito: false });
    expect((await winners())[0]!.player).toBe(masked);
  });
});
