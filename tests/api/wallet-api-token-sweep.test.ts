import { describe, expect, it } from 'vitest';
import { manualClock } from '../../server/src/base/clock.ts';
import { tidyAuthTables } from '../../server/src/services/housekeeping.ts';
import { WALLET_TOKEN_KEEP_DAYS } from '../../server/src/services/wallet-api/tokens.ts';
import { useTestApi } from './harness.ts';
import { addProvider, bet, nextId, win } from './wallet-api-provider.ts';

/** Ended and expired wallet tokens go with the other expired tokens, but never under an open round. */
const clock = manualClock();
const ctx = useTestApi({ GAME_SESSION_HOURS: '4' }, { clock });
const DAY = 86_400;

const tokensOf = async (userId: number) =>
  (await ctx.api.db.query('SELECT 1 FROM wallet_tokens WHERE user_id = $1', [userId])).length;

describe('wallet token sweep', () => {
  it('deletes a token a week after it expired, and keeps it while its player has an open round', async () => {
    const provider = await addProvider(ctx.api);
    const done = await ctx.api.player({ balance: '10.00' });
    const open = await ctx.api.player({ balance: '10.00' });
    await provider.tokenFor(done);
    const openToken = await provider.tokenFor(open);
    const round = nextId('round');
    const play = (actions: unknown[], finished: boolean) =>
      provider.call('/wallet/v1/play', {
        token: openToken,
        game_id: provider.game,
        round_id: round,
        finished,
        actions,
      });
    expect((await play([bet(100)], false)).status).toBe(200);

    // Expired, but within the days a late win may still need it.
    clock.advance((WALLET_TOKEN_KEEP_DAYS - 1) * DAY);
    await tidyAuthTables(ctx.api.services);
    expect(await tokensOf(done.id)).toBe(1);
    expect(await tokensOf(open.id)).toBe(1);

    clock.advance(2 * DAY);
    await tidyAuthTables(ctx.api.services);
    expect(await tokensOf(done.id)).toBe(0);
    expect(await tokensOf(open.id)).toBe(1);

    // The late win still lands through the kept token; once the round is settled the token goes too.
    const late = await play([win(250)], true);
    expect(late.status).toBe(200);
    expect(late.body.balance).toBe(1150);
    clock.advance(DAY);
    await tidyAuthTables(ctx.api.services);
    expect(await tokensOf(open.id)).toBe(0);
  });
});
