/**
 * The player's own stream events besides the balance (docs/live-stream.md): `notification`,
 * `withdrawal` and `decision` (limits, verification), written by triggers in the transaction that
 * made them and read here by a real SSE client over HTTP. Never on another player's stream.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { manualClock } from '#server/base/clock.ts';
import { decideVerification } from '#server/operator/services/verification-review.ts';
import { approveWithdrawal, rejectWithdrawal } from '#server/services/withdrawal-decisions.ts';
import { useTestApi } from './harness.ts';
import { useLiveStreams } from './fixtures/live-streams.ts';
import type { SseClient } from './fixtures/sse-client.ts';

const clock = manualClock(new Date('2026-06-01T12:00:00Z'));
const ctx = useTestApi({}, { clock });
const { stream, ownStream } = useLiveStreams(ctx);
const withdraw = (token: string, amount: string) =>
  ctx.api.request('POST', '/api/user/withdrawal', {
    token,
    body: { amount, method: 'card', destination: '4242 4242 4242 4242' },
  });
const staffId = async () => {
  const [row] = await ctx.api.db.query<{ id: number }>(
    `INSERT INTO staff (email, role, password_hash, created_at) VALUES ($1, 'admin', 'x', $2) RETURNING id`,
    [`${randomUUID()}@staff.test`, clock().toISOString()],
  );
  return row!.id;
};
/** Nothing of `name` reaches `client` (a bet would have come long after). */
const nothingOf = (client: SseClient, name: string) =>
  expect(client.next((m) => m.event === name, 200)).rejects.toThrow(/no matching event/);

describe("the player's own events", () => {
  it('a withdrawal asked for and decided, with the notification of each decision', async () => {
    const player = await ctx.api.player({ balance: '100.00', verified: true });
    const own = await ownStream(player.token);
    const other = await ownStream((await ctx.api.player()).token);
    const visitor = await stream();

    const first = await withdraw(player.token, '25.50');
    expect(first.status).toBe(201);
    const asked = await own.next((m) => m.event === 'withdrawal');
    expect(asked.data).toEqual({
      id: first.body.id,
      status: 'pending',
      amount: '-25.50',
      created_at: '2026-06-01T12:00:00.000Z',
    });

    clock.advance(60);
    const staff = await staffId();
    await ctx.api.db.transaction((tx) =>
      approveWithdrawal(tx, { id: first.body.id, reference: 'PAY-1', confirmed: true, staffId: staff, now: clock() }),
    );
    expect((await own.next((m) => m.event === 'withdrawal')).data).toMatchObject({
      id: first.body.id,
      status: 'completed',
    });
    const notified = await own.next((m) => m.event === 'notification');
    expect(Object.keys(notified.data).sort()).toEqual(['created_at', 'id']);
    expect(Number(notified.id)).toBeGreaterThan(Number(asked.id));

    const second = await withdraw(player.token, '10.00');
    await ctx.api.db.transaction((tx) =>
      rejectWithdrawal(tx, { id: second.body.id, reason: 'Wrong card', staffId: staff, now: clock() }),
    );
    expect((await own.next((m) => m.event === 'withdrawal' && m.data.status === 'cancelled')).data.id).toBe(
      second.body.id,
    );
    await own.next((m) => m.event === 'notification' && m.data.id !== notified.data.id);

    await nothingOf(other, 'withdrawal');
    await nothingOf(other, 'notification');
    await nothingOf(visitor, 'withdrawal');
  });

  it('a limit set, lowered or scheduled to rise is a decision, stamped by the clock', async () => {
    const player = await ctx.api.player();
    const own = await ownStream(player.token);
    const other = await ownStream((await ctx.api.player()).token);
    const patch = (body: unknown) =>
      ctx.api.request('PATCH', '/api/user/responsible-gaming', { token: player.token, body });

    expect((await patch({ loss_limits: { week: '100' } })).status).toBe(200);
    expect((await own.next((m) => m.event === 'decision')).data).toEqual({
      kind: 'limit',
      limit: 'loss',
      period: 'week',
      amount: '100.00',
      pending_amount: null,
      effective_at: null,
    });
    expect((await patch({ loss_limits: { week: '300' } })).status).toBe(200);
    expect((await own.next((m) => m.event === 'decision')).data).toMatchObject({
      amount: '100.00',
      pending_amount: '300.00',
      effective_at: new Date(clock().getTime() + 24 * 3600_000).toISOString(),
    });
    await nothingOf(other, 'decision');
  });

  it('a verification approved or rejected by staff is a decision, with its notification', async () => {
    const player = await ctx.api.player();
    const own = await ownStream(player.token);
    const staff = await staffId();
    const submit = async () => {
      const id = randomUUID();
      await ctx.api.db.query(
        `INSERT INTO identity_verifications (id, user_id, document_type, status, submitted_at)
         VALUES ($1, $2, 'passport', 'pending', $3)`,
        [id, player.id, clock().toISOString()],
      );
      return id;
    };
    await decideVerification(ctx.api.services, {
      id: await submit(),
      staffId: staff,
      approve: false,
      code: 'blurred',
      note: null,
    });
    expect((await own.next((m) => m.event === 'decision')).data).toEqual({
      kind: 'verification',
      status: 'rejected',
      reason_code: 'blurred',
    });
    await own.next((m) => m.event === 'notification');
    await decideVerification(ctx.api.services, {
      id: await submit(),
      staffId: staff,
      approve: true,
      reading: { number: 'LIVE-0001', name: 'Live Events', dateOfBirth: '1990-01-01', expiresOn: '2099-01-01' },
      code: null,
      note: null,
    });
    expect((await own.next((m) => m.event === 'decision')).data).toEqual({
      kind: 'verification',
      status: 'verified',
      reason_code: null,
    });
  });
});
