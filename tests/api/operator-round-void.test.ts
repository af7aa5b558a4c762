/**
 * An admin voids a settled round (issue 43, item 4) through the console's own route: the stake
 * goes back and the win is taken back through the ledger, the player's history item shows it
 * voided (localized), and a second void is refused. Rounds of a provider through the wallet API
 * and of our own games alike. The harness checks after every test that each balance equals the
 * sum of its ledger rows.
 */
import { describe, expect, it } from 'vitest';
import { manualClock } from '../../server/src/base/clock.ts';
import { launchSession } from './fixtures/game-launch.ts';
import { balanceOf, useTestApi } from './harness.ts';
import { auditOf, staffMember } from './operator-harness.ts';
import { addProvider, bet, nextId, win } from './wallet-api-provider.ts';

const clock = manualClock(new Date('2026-05-06T12:00:00Z'));
const ctx = useTestApi({}, { clock });

/** The player's one game history item. */
const gameItem = async (userId: number) =>
  (
    await ctx.api.db.query<{ id: number; status: string }>(
      "SELECT id, status FROM transactions WHERE user_id = $1 AND type = 'game' ORDER BY id",
      [userId],
    )
  )[0]!;

const voidItem = (client: Awaited<ReturnType<typeof staffMember>>['client'], userId: number, historyId: number) =>
  client.post(`/operator/players/${userId}/history/${historyId}/void`, { reason: 'Game fault, ticket 77' });

describe('voiding a settled round', () => {
  it('a provider’s round: stake returned, win taken back, history voided, once', async () => {
    const provider = await addProvider(ctx.api);
    const player = await ctx.api.player({ balance: '100.00' });
    const token = await provider.tokenFor(player);
    const round = nextId('round');
    const played = await provider.call('/wallet/v1/play', {
      token,
      game_id: provider.game,
      round_id: round,
      finished: true,
      actions: [bet(250), win(600)],
    });
    expect(played.status, JSON.stringify(played.body)).toBe(200);
    expect(await balanceOf(ctx.api, player.id)).toBe('103.50');
    const item = await gameItem(player.id);

    const admin = await staffMember(ctx.api, 'admin');
    const page = await admin.client.get(`/operator/players/${player.id}`);
    expect(page.text).toContain(`action="/operator/players/${player.id}/history/${item.id}/void"`);
    const reply = await voidItem(admin.client, player.id, item.id);
    expect(reply.location, reply.text).toBe(`/operator/players/${player.id}?done=round_voided`);
    expect(await balanceOf(ctx.api, player.id)).toBe('100.00');
    expect((await gameItem(player.id)).status).toBe('voided');
    const [state] = await ctx.api.db.query<{ state: string; void_reason: string }>(
      'SELECT state, void_reason FROM provider_rounds WHERE provider_id = $1 AND round_id = $2',
      [provider.id, round],
    );
    expect(state).toEqual({ state: 'voided', void_reason: 'Game fault, ticket 77' });
    const [audited] = (await auditOf(ctx.api, 'player', player.id)).filter((row) => row.action === 'round.void');
    expect(audited?.after).toMatchObject({ round_id: round, stake_returned: '2.50', win_taken: '6.00' });

    // The player's history shows it voided, in the player's language.
    const history = await ctx.api.request('GET', '/api/user/history?type=game', { token: player.token });
    expect(history.body.results[0]).toMatchObject({ status: 'voided' });

    // The voided round offers no second void; a forged one is refused.
    const after = await admin.client.get(`/operator/players/${player.id}`);
    expect(after.text).not.toContain(`action="/operator/players/${player.id}/history/${item.id}/void"`);
    const again = await voidItem(admin.client, player.id, item.id);
    expect(again.status).toBe(409);
    expect(again.text).toContain('This round is already voided.');
    expect(await balanceOf(ctx.api, player.id)).toBe('100.00');
  });

  it('a round of our own games: the balance is back where it was before the round', async () => {
    const player = await ctx.api.player({ balance: '50.00' });
    const session = await launchSession(ctx.api, 'european-roulette', { token: player.token });
    const round = await ctx.api.request('POST', `/demo-games/api/sessions/${session}/rounds`, {
      body: { bet: { type: 'roulette', stakes: [{ kind: 'red', amount: '10.00' }] } },
      encrypt: false,
    });
    expect(round.status, JSON.stringify(round.body)).toBe(200);
    const item = await gameItem(player.id);
    expect(item.status).toBe('completed');
    const admin = await staffMember(ctx.api, 'admin');
    await admin.client.get(`/operator/players/${player.id}`);
    const reply = await voidItem(admin.client, player.id, item.id);
    expect(reply.status, reply.text).toBe(303);
    expect(await balanceOf(ctx.api, player.id)).toBe('50.00');
    expect((await gameItem(player.id)).status).toBe('voided');
  });

  it('refused when the balance cannot give the win back; support may not void', async () => {
    const provider = await addProvider(ctx.api);
    const player = await ctx.api.player({ balance: '10.00' });
    const token = await provider.tokenFor(player);
    await provider.call('/wallet/v1/play', {
      token,
      game_id: provider.game,
      round_id: nextId('round'),
      finished: true,
      actions: [bet(500), win(5000)],
    });
    expect(await balanceOf(ctx.api, player.id)).toBe('55.00');
    // The player withdrew most of the win meanwhile (reserved: it left the balance).
    await ctx.api.verify(player.id);
    const out = await ctx.api.request('POST', '/api/user/withdrawal', {
      token: player.token,
      body: { amount: '40.00', method: 'card', destination: '4242 4242 4242 4242' },
    });
    expect(out.status).toBe(201);
    const item = await gameItem(player.id);

    const support = await staffMember(ctx.api, 'support');
    await support.client.get(`/operator/players/${player.id}`);
    expect((await voidItem(support.client, player.id, item.id)).status).toBe(403);

    const admin = await staffMember(ctx.api, 'admin');
    await admin.client.get(`/operator/players/${player.id}`);
    const refused = await voidItem(admin.client, player.id, item.id);
    expect(refused.status).toBe(409);
    expect(refused.text).toContain('does not cover taking back the win');
    expect(await balanceOf(ctx.api, player.id)).toBe('15.00');
    expect((await gameItem(player.id)).status).toBe('completed');
  });
});
