import { describe, expect, it } from 'vitest';
import { manualClock } from '../../server/src/base/clock.ts';
import { recordRiskEvent } from '../../server/src/services/risk/risk-events.ts';
import { depositByCard, signInAgain, withdrawToCard } from './fixtures/player-money.ts';
import { useTestApi } from './harness.ts';

const clock = manualClock();
const ctx = useTestApi(
  {
    RISK_DEPOSITS_30D: '300.00',
    RISK_CYCLING_MAX: '2',
    RISK_REDEPOSIT_PER_DAY: '2',
    RISK_REDEPOSIT_MINUTES: '10',
    RISK_STRUCTURING_THRESHOLD: '100.00',
  },
  { clock },
);
type Player = Awaited<ReturnType<typeof ctx.api.player>>;

const signIn = (player: Player) => signInAgain(ctx.api, player);
const deposit = (player: Player, amount: string) => depositByCard(ctx.api, player, amount);
const withdraw = (player: Player, amount: string) => withdrawToCard(ctx.api, player, amount);

/** A settled round as the wallet records it: the stake, and the cash balance it left. */
async function settle(player: Player, stake: string) {
  const [row] = await ctx.api.db.query<{ balance: string }>('SELECT balance::text FROM users WHERE id = $1', [
    player.id,
  ]);
  await ctx.api.db.transaction((tx) =>
    recordRiskEvent(tx, {
      kind: 'round',
      rules: ctx.api.config.risk,
      userId: player.id,
      stake,
      win: '0.00',
      balance: row!.balance,
      now: clock(),
    }),
  );
}

/** Loses the whole cash balance in one settled round (through the ledger, as a round would). */
async function loseAll(player: Player) {
  const [row] = await ctx.api.db.query<{ balance: string }>('SELECT balance::text FROM users WHERE id = $1', [
    player.id,
  ]);
  await ctx.api.db.query(
    `WITH lost AS (UPDATE users SET balance = 0 WHERE id = $1 RETURNING id)
     INSERT INTO ledger (user_id, account, amount, transaction_id, created_at)
     SELECT id, 'cash', -($2::numeric), NULL, $3 FROM lost`,
    [player.id, row!.balance, clock().toISOString()],
  );
  await settle(player, row!.balance);
}

const alertsOf = (userId: number) =>
  ctx.api.db.query<{ rule_id: string; severity: string; state: string; evidence: Record<string, unknown> }>(
    'SELECT rule_id, severity, state, evidence FROM risk_alerts WHERE user_id = $1 ORDER BY id',
    [userId],
  );
const rulesOf = async (userId: number) => (await alertsOf(userId)).map((alert) => alert.rule_id);

describe('aml.cycling', () => {
  it('raises one high alert on the third deposit withdrawn with little play in 30 days', async () => {
    const player = await ctx.api.player({ verified: true });
    const ids: string[] = [];
    for (const _ of [1, 2]) {
      ids.push(await deposit(player, '50.00'));
      await settle(player, '12.49'); // below 25 % of the deposit
      await withdraw(player, '40.00');
      clock.advance(24 * 3600);
    }
    expect(await rulesOf(player.id)).toEqual([]);
    ids.push(await deposit(player, '50.00'));
    const withdrawal = await withdraw(player, '40.00');
    const [alert] = await alertsOf(player.id);
    expect(alert).toMatchObject({ rule_id: 'aml.cycling', severity: 'high', state: 'open' });
    const cycles = alert!.evidence.cycles as { deposit: string; withdrawal: number }[];
    expect(cycles.map((cycle) => cycle.deposit)).toEqual(ids);
    expect(cycles.at(-1)!.withdrawal).toBe(withdrawal);
    // A fourth cycle updates the open alert instead of opening another.
    await deposit(player, '50.00');
    await withdraw(player, '40.00');
    expect(await rulesOf(player.id)).toEqual(['aml.cycling']);
    expect(((await alertsOf(player.id))[0]!.evidence.cycles as unknown[]).length).toBe(4);
  });

  it('ignores a deposit played through, a second withdrawal of one deposit, cycles older than 30 days', async () => {
    const player = await ctx.api.player({ verified: true });
    await deposit(player, '50.00');
    await settle(player, '12.50'); // exactly 25 %: played enough
    await withdraw(player, '20.00');
    await deposit(player, '50.00');
    await withdraw(player, '10.00');
    await withdraw(player, '10.00'); // the same deposit: one cycle
    clock.advance(31 * 24 * 3600);
    await signIn(player);
    await deposit(player, '50.00');
    await withdraw(player, '10.00');
    await deposit(player, '50.00');
    await withdraw(player, '10.00');
    expect(await rulesOf(player.id)).toEqual([]);
  });
});

describe('aml.deposits_no_sof', () => {
  it('raises a medium alert when deposits in 30 days reach the threshold, not before or after the window', async () => {
    const player = await ctx.api.player();
    await deposit(player, '150.00');
    clock.advance(29 * 24 * 3600);
    await signIn(player);
    await deposit(player, '149.99');
    expect(await rulesOf(player.id)).toEqual([]);
    clock.advance(2 * 24 * 3600); // the first deposit leaves the window
    await signIn(player);
    const id = await deposit(player, '140.01');
    expect(await rulesOf(player.id)).toEqual([]);
    const last = await deposit(player, '10.00');
    const [alert] = await alertsOf(player.id);
    expect(alert).toMatchObject({ rule_id: 'aml.deposits_no_sof', severity: 'medium' });
    expect(alert!.evidence).toMatchObject({ deposits_30d: '300.00', threshold: '300.00' });
    expect((alert!.evidence.payments as string[]).slice(-2)).toEqual([id, last]);
  });
});

describe('aml.structuring', () => {
  it('raises on the third deposit in 24 hours within 10 % under the threshold, none at or far below it', async () => {
    const player = await ctx.api.player();
    const structuringOf = async () => (await alertsOf(player.id)).filter((a) => a.rule_id === 'aml.structuring');
    await deposit(player, '95.00');
    clock.advance(3600);
    const second = await deposit(player, '99.99');
    await deposit(player, '89.99'); // more than 10 % under
    await deposit(player, '100.00'); // at the threshold: due diligence applies to it anyway
    expect(await structuringOf()).toEqual([]);
    clock.advance(23 * 3600); // the first leaves the 24 hours
    await signIn(player);
    const third = await deposit(player, '90.00');
    expect(await structuringOf()).toEqual([]);
    const fourth = await deposit(player, '92.50');
    const [alert, ...more] = await structuringOf();
    expect(more).toEqual([]);
    expect(alert).toMatchObject({ severity: 'medium', state: 'open' });
    expect(alert!.evidence).toEqual({ threshold: '100.00', margin: '0.10', payments: [second, third, fourth] });
  });
});

describe('harm.rapid_redeposit', () => {
  it('raises after two re-deposits within 10 minutes of a zero balance in a day', async () => {
    const player = await ctx.api.player();
    await deposit(player, '20.00');
    await loseAll(player);
    clock.advance(10 * 60);
    await deposit(player, '20.00');
    expect(await rulesOf(player.id)).toEqual([]);
    await loseAll(player);
    clock.advance(5 * 60);
    await deposit(player, '20.00');
    expect(await rulesOf(player.id)).toEqual(['harm.rapid_redeposit']);
  });

  it('ignores a re-deposit after more than 10 minutes, one with money left, and one a day later', async () => {
    const player = await ctx.api.player();
    await deposit(player, '20.00');
    await loseAll(player);
    clock.advance(10 * 60 + 1);
    await deposit(player, '20.00'); // too late
    await settle(player, '5.00'); // money left: not a zero balance
    await deposit(player, '20.00');
    await loseAll(player);
    await deposit(player, '20.00'); // counts once
    clock.advance(25 * 3600);
    await loseAll(player);
    await deposit(player, '20.00'); // the first one left the 24-hour window
    expect(await rulesOf(player.id)).toEqual([]);
  });
});

describe('link.shared_document', () => {
  const jpeg = (seed: number) => {
    const bytes = new Uint8Array(64);
    bytes.set([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, seed]);
    return new File([bytes], 'passport.jpg', { type: 'image/jpeg' });
  };
  const upload = (player: Player, front: File) => {
    const form = new FormData();
    form.append('document_type', 'passport');
    form.append('front', front);
    return ctx.api.request('POST', '/api/user/verification', { token: player.token, form });
  };

  it('raises on both accounts, each linked to the other, and links a third to both', async () => {
    const [first, second, third, other] = await Promise.all([1, 2, 3, 4].map(() => ctx.api.player()));
    expect((await upload(first!, jpeg(7))).status).toBe(201);
    expect((await upload(other!, jpeg(8))).status).toBe(201); // another file: no link
    expect(await rulesOf(first!.id)).toEqual([]);
    expect((await upload(second!, jpeg(7))).status).toBe(201);
    const linked = async (player: Player) => {
      const [alert] = await alertsOf(player.id);
      expect(alert).toMatchObject({ rule_id: 'link.shared_document', severity: 'high' });
      return alert!.evidence.linked_users;
    };
    expect(await linked(first!)).toEqual([second!.id]);
    expect(await linked(second!)).toEqual([first!.id]);
    expect((await upload(third!, jpeg(7))).status).toBe(201);
    expect(await linked(third!)).toEqual(expect.arrayContaining([first!.id, second!.id]));
    expect(await linked(first!)).toEqual([second!.id, third!.id].sort((a, b) => a - b));
    expect(await rulesOf(other!.id)).toEqual([]);
  });
});
