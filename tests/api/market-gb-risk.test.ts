import { describe, expect, it } from 'vitest';
import { manualClock } from '../../server/src/base/clock.ts';
import { depositByCard, signInAgain, withdrawToCard } from './fixtures/player-money.ts';
import { useTestApi } from './harness.ts';

/**
 * MARKET=GB: the financial-vulnerability check (UKGC SR 3.4.4, docs/markets.md and docs/risk.md): net
 * deposits (deposits less withdrawals requested) of £150 within 30 days raise harm.financial_vulnerability
 * once per window, through the risk alert service. The injected clock moves the window.
 * On PGlite and, with DATABASE_URL, on PostgreSQL.
 */
const clock = manualClock();
const ctx = useTestApi({ MARKET: 'GB' }, { clock });
type Player = Awaited<ReturnType<typeof ctx.api.player>>;

const signIn = (player: Player) => signInAgain(ctx.api, player);
const deposit = (player: Player, amount: string) => depositByCard(ctx.api, player, amount);
const withdraw = (player: Player, amount: string) => withdrawToCard(ctx.api, player, amount);

const RULE = 'harm.financial_vulnerability';

const alerts = (userId: number) =>
  ctx.api.db.query<{ id: number; state: string; severity: string; evidence: Record<string, unknown> }>(
    'SELECT id, state, severity, evidence FROM risk_alerts WHERE user_id = $1 AND rule_id = $2 ORDER BY id',
    [userId, RULE],
  );

const verifiedPlayer = () => ctx.api.player({ verified: true });

describe('GB: financial vulnerability (SR 3.4.4)', () => {
  it('the market sets the check: £150 net deposits in 30 days', () => {
    expect(ctx.api.services.config.risk.netDeposits).toEqual({ threshold: '150.00', windowDays: 30 });
  });

  it('£140 of deposits raise nothing; the £10 that makes £150.00 raises one medium alert', async () => {
    const player = await verifiedPlayer();
    const first = await deposit(player, '100.00');
    const second = await deposit(player, '40.00');
    expect(await alerts(player.id)).toEqual([]);
    const third = await deposit(player, '10.00');
    const [alert, ...more] = await alerts(player.id);
    expect(more).toEqual([]);
    expect(alert).toMatchObject({ state: 'open', severity: 'medium' });
    expect(alert!.evidence).toEqual({
      net_deposits: '150.00',
      threshold: '150.00',
      window_days: 30,
      movements: [`payment:${first}`, `payment:${second}`, `payment:${third}`],
    });
  });

  it('withdrawals requested count against deposits: £100 in, £40 out, £80 in is £140 net, no alert', async () => {
    const player = await verifiedPlayer();
    await deposit(player, '100.00');
    const out = await withdraw(player, '40.00');
    await deposit(player, '80.00');
    expect(await alerts(player.id)).toEqual([]);
    const [state] = await ctx.api.db.query<{ net_deposits: { ref: string; amount: string }[] }>(
      'SELECT net_deposits FROM risk_player_state WHERE user_id = $1',
      [player.id],
    );
    expect(state!.net_deposits.map((movement) => movement.amount)).toEqual(['100.00', '-40.00', '80.00']);
    expect(state!.net_deposits[1]!.ref).toBe(`withdrawal:${out}`);
    await deposit(player, '10.00');
    expect((await alerts(player.id)).length).toBe(1);
  });

  it('once per window: resolved, deposits within 30 days raise nothing; 30 days after it fired, again', async () => {
    const player = await verifiedPlayer();
    await deposit(player, '150.00');
    const [first] = await alerts(player.id);
    await ctx.api.db.query(`UPDATE risk_alerts SET state = 'resolved' WHERE id = $1`, [first!.id]);
    clock.advance(10 * 86_400);
    await signIn(player);
    await deposit(player, '200.00');
    expect((await alerts(player.id)).map((alert) => alert.state)).toEqual(['resolved']);
    clock.advance(20 * 86_400);
    await signIn(player);
    // 30 days after it fired: the first deposit has left the window, the £200 is still in it.
    await deposit(player, '10.00');
    const now = await alerts(player.id);
    expect(now.map((alert) => alert.state)).toEqual(['resolved', 'open']);
    expect(now[1]!.evidence.net_deposits).toBe('210.00');
  });

  it('deposits older than 30 days leave the window: £100, then £60 31 days later, no alert', async () => {
    const player = await verifiedPlayer();
    await deposit(player, '100.00');
    clock.advance(31 * 86_400);
    await signIn(player);
    await deposit(player, '60.00');
    expect(await alerts(player.id)).toEqual([]);
  });
});
