import { describe, expect, it } from 'vitest';
import { manualClock } from '../../server/src/base/clock.ts';
import { withdrawToCard } from './fixtures/player-money.ts';
import { useTestApi } from './harness.ts';
import { staffMember } from './operator-harness.ts';

const clock = manualClock(new Date('2026-03-01T12:00:00Z'));
// Addresses come from X-Forwarded-For (TRUST_PROXY=1), so each test signs in from its own network.
const ctx = useTestApi({ TRUST_PROXY: '1', RISK_SHARED_NETWORK_ACCOUNTS: '3' }, { clock });
type Player = Awaited<ReturnType<typeof ctx.api.player>>;

const alertsOf = (userId: number) =>
  ctx.api.db.query<{ rule_id: string; severity: string; evidence: { linked_users?: number[] } }>(
    'SELECT rule_id, severity, evidence FROM risk_alerts WHERE user_id = $1 ORDER BY id',
    [userId],
  );
const rulesOf = async (userId: number) => (await alertsOf(userId)).map((alert) => alert.rule_id);

let networks = 0;
/** A fresh /24 network of its own for each test. */
const network = () => `198.51.${++networks}`;

async function signIn(player: Player, body: Record<string, unknown>, address: string) {
  const res = await ctx.api.request('POST', '/auth/token/login/', {
    body: { email: player.email, password: player.password, ...body },
    headers: { 'x-forwarded-for': address },
  });
  expect(res.status).toBe(200);
}

describe('link.shared_device', () => {
  it('links two accounts signed in from one browser: a high alert on both, each linked to the other', async () => {
    const [a, b] = [await ctx.api.player(), await ctx.api.player()];
    const device = '6f1c2a9e-3b4d-4e5f-8a7b-0c1d2e3f4a5b';
    const net = network();
    await signIn(a, { device_id: device }, `${net}.1`);
    await signIn(a, { device_id: device }, `${net}.1`); // the same account again: nothing shared
    expect(await rulesOf(a.id)).toEqual([]);
    await signIn(b, { device_id: device.toUpperCase() }, `${net}.2`);
    const [onA] = await alertsOf(a.id);
    const [onB] = await alertsOf(b.id);
    expect(onA).toMatchObject({ rule_id: 'link.shared_device', severity: 'high', evidence: { linked_users: [b.id] } });
    expect(onB).toMatchObject({ rule_id: 'link.shared_device', severity: 'high', evidence: { linked_users: [a.id] } });
    // A third account on the device joins the links of the open alert.
    const c = await ctx.api.player();
    await signIn(c, { device_id: device }, `${net}.3`);
    expect((await alertsOf(a.id))[0]!.evidence.linked_users!.sort()).toEqual([b.id, c.id].sort());
    // The player page's risk panel names them as the same browser; an account on another device is not there.
    const other = await ctx.api.player();
    await signIn(other, { device_id: '0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d' }, `${network()}.1`);
    const risk = await staffMember(ctx.api, 'risk');
    const page = (await risk.client.get(`/operator/players/${a.id}`)).text;
    const panel = page.slice(page.indexOf('data-risk-panel'));
    for (const linked of [b, c])
      expect(panel).toContain(`<li data-link="device"><a href="/operator/players/${linked.id}">`);
    expect(panel).toContain('same browser');
    expect(panel).not.toContain(`/operator/players/${other.id}"`);
  }, 60_000);

  it('ignores other devices and a device id that is not UUID-shaped (sign-in still works)', async () => {
    const [a, b] = [await ctx.api.player(), await ctx.api.player()];
    const net = network();
    await signIn(a, { device_id: '11111111-2222-4333-8444-555555555555' }, `${net}.1`);
    await signIn(b, { device_id: '11111111-2222-4333-8444-555555555556' }, `${net}.2`);
    await signIn(a, { device_id: 'fingerprint-abc' }, `${net}.1`);
    await signIn(b, { device_id: 'fingerprint-abc' }, `${net}.2`);
    await signIn(b, { device_id: 42 }, `${net}.2`);
    expect([...(await rulesOf(a.id)), ...(await rulesOf(b.id))]).toEqual([]);
    const [kept] = await ctx.api.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM risk_devices WHERE user_id = ANY($1::int[])',
      [[a.id, b.id]],
    );
    expect(kept!.n).toBe(2);
  });
});

describe('link.shared_network', () => {
  it('raises a low alert on the third account signing in from one network within 30 days', async () => {
    const players = [await ctx.api.player(), await ctx.api.player(), await ctx.api.player()];
    const net = network();
    await signIn(players[0]!, {}, `${net}.10`);
    await signIn(players[1]!, {}, `${net}.11`);
    expect(await rulesOf(players[1]!.id)).toEqual([]);
    await signIn(players[2]!, {}, `${net}.12`);
    const [alert] = await alertsOf(players[2]!.id);
    expect(alert).toMatchObject({ rule_id: 'link.shared_network', severity: 'low' });
    expect(alert!.evidence.linked_users!.sort()).toEqual([players[0]!.id, players[1]!.id].sort());
    // A weak signal: only the signing-in account is flagged.
    expect(await rulesOf(players[0]!.id)).toEqual([]);
  });

  it('does not count sign-ins older than 30 days, nor other networks', async () => {
    const players = [await ctx.api.player(), await ctx.api.player(), await ctx.api.player()];
    const net = network();
    await signIn(players[0]!, {}, `${net}.10`);
    clock.advance(31 * 24 * 3600);
    await signIn(players[1]!, {}, `${net}.11`);
    await signIn(players[2]!, {}, `${network()}.12`);
    for (const player of players) expect(await rulesOf(player.id)).toEqual([]);
  });
});

describe('link.shared_withdrawal_destination', () => {
  const withdrawTo = async (player: Player, destination: string) => {
    const res = await ctx.api.request('POST', '/api/user/withdrawal', {
      token: player.token,
      body: { amount: '10.00', method: 'bank_transfer', destination },
    });
    expect(res.status).toBe(201);
    return res.body.id as number;
  };

  it('links two accounts withdrawing to one destination: a high alert on both', async () => {
    const a = await ctx.api.player({ verified: true, balance: '100.00' });
    const b = await ctx.api.player({ verified: true, balance: '100.00' });
    await withdrawTo(a, 'DE89370400440532013000');
    await withdrawTo(a, 'DE89370400440532013000'); // the same account again
    expect(await rulesOf(a.id)).toEqual([]);
    await withdrawTo(b, 'DE89370400440532013000');
    expect(await alertsOf(a.id)).toMatchObject([
      { rule_id: 'link.shared_withdrawal_destination', severity: 'high', evidence: { linked_users: [b.id] } },
    ]);
    expect(await alertsOf(b.id)).toMatchObject([
      { rule_id: 'link.shared_withdrawal_destination', evidence: { linked_users: [a.id] } },
    ]);
  });

  it('does not link different destinations, nor cards (kept as their last four digits only)', async () => {
    const a = await ctx.api.player({ verified: true, balance: '100.00' });
    const b = await ctx.api.player({ verified: true, balance: '100.00' });
    await withdrawTo(a, 'GB82WEST12345698765432');
    await withdrawToCard(ctx.api, a, '10.00');
    await withdrawToCard(ctx.api, b, '10.00'); // the same "•••• 4242"
    expect([...(await rulesOf(a.id)), ...(await rulesOf(b.id))]).toEqual([]);
  });
});
