import { describe, expect, it } from 'vitest';
import { manualClock } from '../../server/src/base/clock.ts';
import { launchSession } from './fixtures/game-launch.ts';
import { useTestApi } from './harness.ts';

// The home page's "Most popular" row: real-money rounds of the last seven days rank the games.
const clock = manualClock(new Date('2026-03-02T09:00:00Z'));
const ctx = useTestApi({}, { clock });

const popularIds = async () => {
  const res = await ctx.api.request('GET', '/gmnggate/most_popular');
  expect(res.status).toBe(200);
  return (res.body as { id: string }[]).map((game) => game.id);
};

const playDice = async (sessionId: string) => {
  const res = await ctx.api.request('POST', `/demo-games/api/sessions/${sessionId}/rounds`, {
    body: { bet: { type: 'dice', amount: '1.00', target: '50.49', direction: 'over' } },
    encrypt: false,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
};

describe('GET /gmnggate/most_popular', () => {
  it("ranks by the week's real-money rounds, not demo rounds, and forgets rounds older than seven days", async () => {
    // The seed's rounds are dated before the clock's start: a week on, none counts.
    clock.advance(8 * 86_400);
    const unplayed = await popularIds();
    expect(unplayed).toHaveLength(12);
    const played = 'dice';
    expect(unplayed[0]).not.toBe(played);

    for (let demo = 0; demo < 3; demo += 1) await playDice(await launchSession(ctx.api, played));
    expect(await popularIds()).toEqual(unplayed);

    const player = await ctx.api.player({ balance: '10.00' });
    await playDice(await launchSession(ctx.api, played, { token: player.token }));
    expect(await popularIds()).toEqual([played, ...unplayed.filter((id) => id !== played)].slice(0, 12));

    clock.advance(7 * 86_400 - 60);
    expect((await popularIds())[0]).toBe(played);
    clock.advance(120);
    expect(await popularIds()).toEqual(unplayed);
  });
});
