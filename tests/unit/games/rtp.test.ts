/**
 * Return to player: exact for each mechanic, by enumerating every equally likely draw with
 * rational (BigInt) arithmetic; then, at the end, every title of the catalogue played through the
 * engine (enumerated where the draws are few, otherwise simulated on seeded provably fair streams
 * with a 5-standard-error bound) against the figure it publishes.
 */
import { describe, expect, it } from 'vitest';
import type { Random } from '#core/games/fairness.ts';
import { DICE_VALUES, diceWinningValues } from '#core/games/dice.ts';
import { POCKETS, coveredNumbers, EVEN_MONEY, ROULETTE_PAYOUTS } from '#core/games/roulette.ts';
import {
  checkSlotBet,
  lineRun,
  runPay,
  SLOT_MACHINES,
  SLOT_TITLES,
  slotStakeStep,
  type SlotMachineId,
} from '#core/games/slot.ts';
import { checkBet, resolveBet } from '#core/games/round.ts';
import { EUROPEAN_ROULETTE_RTP, FRENCH_ROULETTE_RTP, GAME_CATALOGUE, SLOT_RTP } from '#core/games/catalogue.ts';
import type { GameBet, RouletteBetKind } from '#core/games/protocol.ts';
import { toCents } from '#core/api/money.ts';
import { createHash } from 'node:crypto';
import type { CatalogueGame } from '#core/games/catalogue.ts';
import {
  applyAction,
  checkStepBet,
  expireRound,
  replay,
  type StepMechanic,
  type StepRound,
} from '#core/games/steps.ts';
import { crashPoint, TWO_32 } from '#core/games/crash.ts';
import { limboWinningDraws } from '#core/games/limbo.ts';
import { KENO_RISKS, KENO_RTP } from '#core/games/keno.ts';
import { CELLS } from '#core/games/mines.ts';
import { basicStrategy, blackjackActions, type BlackjackState } from '#core/games/blackjack.ts';
import { FastHmac, fastRandom } from './fast-stream.ts';

/** A Random that answers the given draws in order. */
const fixed = (...draws: number[]): Random => ({
  int: (n) => {
    const d = draws.shift()!;
    expect(d).toBeLessThan(n);
    return d;
  },
});
const cents = (value: string) => toCents(value)!;

/** Sum of wins (cents) over all outcomes of one draw in [0, n), for a bet. */
function totalWin(bet: GameBet, n: number): bigint {
  let total = 0n;
  for (let draw = 0; draw < n; draw++) total += cents(resolveBet(bet, fixed(draw)).win);
  return total;
}

describe('dice: 1 % house edge', () => {
  it('returns exactly 99 % when the win divides evenly, enumerating all 10 000 rolls', () => {
    for (const [target, direction] of [
      ['50.00', 'under'],
      ['50.00', 'over'],
      ['1.00', 'under'],
      ['75.24', 'over'],
      ['98.99', 'over'],
    ] as const) {
      const stake = cents('9.00');
      const total = totalWin({ type: 'dice', amount: '9.00', target, direction }, DICE_VALUES);
      const winning = BigInt(diceWinningValues(Number(target.replace('.', '')), direction));
      // Every winning roll pays floor(stake × 9900 / winning); RTP = total / (10 000 × stake).
      expect(total).toBe(winning * ((stake * 9900n) / winning));
      if ((stake * 9900n) % winning === 0n) expect(total * 100n).toBe(99n * BigInt(DICE_VALUES) * stake);
    }
  });

  it('every target, both ways: pays exactly the winning rolls, at most 99 %, under a cent less per win', () => {
    const stake = cents('100.00');
    const hundredths = (n: number) =>
      `${String(Math.floor(n / 100)).padStart(2, '0')}.${String(n % 100).padStart(2, '0')}`;
    const pays = (target: number, direction: 'over' | 'under', roll: number) =>
      cents(resolveBet({ type: 'dice', amount: '100.00', target: hundredths(target), direction }, fixed(roll)).win);
    for (let target = 1; target <= DICE_VALUES - 2; target++) {
      for (const direction of ['over', 'under'] as const) {
        // The rolls that win are one run at the end the direction names, up to the target: the
        // engine pays the first and last of them the same, and nothing on the first roll past it.
        const [first, last, past] =
          direction === 'under' ? [0, target - 1, target] : [DICE_VALUES - 1, target + 1, target];
        const win = pays(target, direction, first);
        expect(pays(target, direction, last)).toBe(win);
        expect(pays(target, direction, past)).toBe(0n);
        const winning = BigInt(Math.abs(last - first) + 1);
        expect(winning).toBe(BigInt(diceWinningValues(target, direction)));
        const total = winning * win;
        const exact = 99n * BigInt(DICE_VALUES) * stake; // × 1/100
        expect(total * 100n).toBeLessThanOrEqual(exact);
        expect(exact - total * 100n).toBeLessThan(winning * 100n);
      }
    }
  });
});

describe('European roulette: RTP 36/37 = 97.30 % on every bet', () => {
  it('is the catalogue figure', () => expect(percent(36n, 37n)).toBe(EUROPEAN_ROULETTE_RTP));

  const stakes: { kind: RouletteBetKind; numbers?: number[] }[] = [
    ...Array.from({ length: 37 }, (_, n) => ({ kind: 'straight' as const, numbers: [n] })),
    { kind: 'split', numbers: [0, 2] },
    { kind: 'split', numbers: [17, 20] },
    { kind: 'split', numbers: [35, 36] },
    { kind: 'red' },
    { kind: 'black' },
    { kind: 'odd' },
    { kind: 'even' },
    { kind: 'low' },
    { kind: 'high' },
    ...[1, 2, 3].flatMap((k) => [
      { kind: 'dozen' as const, numbers: [k] },
      { kind: 'column' as const, numbers: [k] },
    ]),
  ];

  it.each(stakes)('$kind $numbers', (stake) => {
    const total = totalWin({ type: 'roulette', stakes: [{ ...stake, amount: '1.00' }] }, POCKETS);
    // Wins over the 37 pockets, per 1.00 staked on each: exactly 36.00, i.e. 36/37.
    expect(total).toBe(3600n);
    expect(coveredNumbers(stake)!.length * (ROULETTE_PAYOUTS[stake.kind] + 1)).toBe(36);
  });

  it('has the standard table: 18 red, 18 black, no split of numbers that are not neighbours', () => {
    expect(coveredNumbers({ kind: 'red' })).toHaveLength(18);
    expect(coveredNumbers({ kind: 'black' })).toHaveLength(18);
    expect(coveredNumbers({ kind: 'split', numbers: [3, 4] })).toBeUndefined();
    expect(coveredNumbers({ kind: 'split', numbers: [1, 5] })).toBeUndefined();
  });
});

/** A fraction as a percentage rounded half-up to two decimals, as a decimal string ("97.30"). */
function percent(num: bigint, den: bigint): string {
  const hundredths = (num * 20_000n + den) / (2n * den);
  return `${hundredths / 100n}.${String(hundredths % 100n).padStart(2, '0')}`;
}

/** A fraction whose denominator is a power of two as its exact decimal expansion ("0.953994…"). */
function exactDecimal(num: bigint, den: bigint): string {
  let digits = '';
  let rest = num % den;
  while (rest !== 0n) {
    rest *= 10n;
    digits += String(rest / den);
    rest %= den;
  }
  return `${num / den}.${digits || '0'}`;
}

describe('French roulette: la partage, RTP exact by enumeration', () => {
  const french = (kind: RouletteBetKind, numbers?: number[]): GameBet => ({
    type: 'roulette',
    la_partage: true,
    stakes: [numbers ? { kind, numbers, amount: '1.00' } : { kind, amount: '1.00' }],
  });

  it.each(EVEN_MONEY)('%s returns 36.5/37 = 98.65 %: half the stake back on zero', (kind) => {
    expect(totalWin(french(kind), POCKETS)).toBe(3650n);
    expect(resolveBet(french(kind), fixed(0)).win).toBe('0.50');
    expect(percent(3650n, 3700n)).toBe(FRENCH_ROULETTE_RTP.even_money);
  });

  it('every other bet returns 36/37 = 97.30 %; zero halves nothing else', () => {
    for (const [kind, numbers] of [
      ['straight', [0]],
      ['straight', [17]],
      ['split', [0, 3]],
      ['dozen', [2]],
      ['column', [1]],
    ] as const) {
      expect(totalWin(french(kind, [...numbers]), POCKETS)).toBe(3600n);
    }
    expect(resolveBet(french('dozen', [1]), fixed(0)).win).toBe('0.00');
    expect(percent(3600n, 3700n)).toBe(FRENCH_ROULETTE_RTP.other);
  });

  it('a half of an odd number of cents rounds down; several stakes are halved one by one', () => {
    const bet: GameBet = {
      type: 'roulette',
      la_partage: true,
      stakes: [
        { kind: 'red', amount: '0.25' },
        { kind: 'even', amount: '1.00' },
        { kind: 'straight', numbers: [0], amount: '0.10' },
      ],
    };
    expect(resolveBet(bet, fixed(0)).win).toBe(
      `${(12n + 50n + 360n) / 100n}.${String((12n + 50n + 360n) % 100n).padStart(2, '0')}`,
    );
  });

  it('the rules come from the game, never from the page', () => {
    const stakes = [{ kind: 'red', amount: '1.00' }];
    expect(checkBet('roulette', { type: 'roulette', stakes }, 'french-roulette')).toEqual({
      bet: { type: 'roulette', la_partage: true, stakes },
      stake: '1.00',
    });
    expect(checkBet('roulette', { type: 'roulette', la_partage: true, stakes }, 'european-roulette')).toEqual({
      bet: { type: 'roulette', stakes },
      stake: '1.00',
    });
    // A stored bet re-checked without a game keeps its own rules.
    expect(checkBet('roulette', { type: 'roulette', la_partage: true, stakes })).toEqual({
      bet: { type: 'roulette', la_partage: true, stakes },
      stake: '1.00',
    });
  });
});

/**
 * Each slot machine's exact return: a payline reads one cell per reel, and a uniform stop shows
 * each strip's symbols in proportion to their counts, independently per reel — so one line's
 * expected pay is the sum over every tuple of symbol ranks, weighted by how many stop
 * combinations show it. Every line has the same expectation, so this is the machine's RTP.
 */
function machineReturn(id: SlotMachineId) {
  const machine = SLOT_MACHINES[id];
  const counts = machine.strips.map((strip) =>
    Array.from({ length: machine.paytable.length }, (_, rank) => BigInt(strip.filter((r) => r === rank).length)),
  );
  let pays = 0n;
  let combos = 0n;
  let hits = 0n;
  let squares = 0n;
  const tuple: number[] = [];
  const walk = (reel: number, weight: bigint) => {
    if (reel === machine.reels) {
      const { symbol, count } = lineRun(tuple);
      const pay = BigInt(runPay(machine, symbol, count));
      pays += weight * pay;
      if (pay > 0n) hits += weight;
      squares += weight * pay * pay;
      combos += weight;
      return;
    }
    counts[reel]!.forEach((c, rank) => {
      if (c === 0n) return;
      tuple[reel] = rank;
      walk(reel + 1, weight * c);
    });
  };
  walk(0, 1n);
  const all = machine.strips.reduce((n, strip) => n * BigInt(strip.length), 1n);
  return { pays, combos, all, hits, squares };
}

describe('slots: three machines, each with its exact RTP by enumeration', () => {
  const EXACT: Record<SlotMachineId, string> = {
    classic: '0.95399463176727294921875',
    trio: '0.95654296875',
    dragon: '0.9565913677215576171875',
  };

  it.each(Object.keys(SLOT_MACHINES) as SlotMachineId[])('%s', (id) => {
    const { pays, combos, all } = machineReturn(id);
    expect(combos).toBe(all);
    expect(pays * 100n).toBeGreaterThanOrEqual(94n * all);
    expect(pays * 100n).toBeLessThanOrEqual(97n * all);
    expect(exactDecimal(pays, all)).toBe(EXACT[id]);
    expect(percent(pays, all)).toBe(SLOT_RTP[id]);
  });

  it('the machines differ in strips, paytables, lines and volatility', () => {
    const { classic, trio, dragon } = SLOT_MACHINES;
    expect([classic.paylines.length, trio.paylines.length, dragon.paylines.length]).toEqual([10, 5, 20]);
    expect([classic.reels, trio.reels, dragon.reels]).toEqual([5, 3, 5]);
    expect([classic.volatility, trio.volatility, dragon.volatility]).toEqual(['medium', 'low', 'high']);
    // Volatility: low pays a line most often; the variance of a line's pay (in line stakes², exact
    // E[pay²] − E[pay]²) orders low < medium < high; and the top pays.
    const hitRate = (id: SlotMachineId) => {
      const r = machineReturn(id);
      return Number((r.hits * 1_000_000n) / r.all) / 1_000_000;
    };
    const variance = (id: SlotMachineId) => {
      const r = machineReturn(id);
      return Number((r.squares * r.all - r.pays * r.pays) / (r.all * r.all));
    };
    expect(hitRate('trio')).toBeGreaterThan(hitRate('classic'));
    expect(hitRate('trio')).toBeGreaterThan(hitRate('dragon'));
    expect(variance('trio')).toBeLessThan(variance('classic'));
    expect(variance('classic') * 2).toBeLessThan(variance('dragon'));
    expect([classic.paytable.at(-1)!.at(-1), trio.paytable.at(-1)!.at(-1), dragon.paytable.at(-1)!.at(-1)]).toEqual([
      2500, 300, 10000,
    ]);
    expect(new Set([classic.strips, trio.strips, dragon.strips].map((s) => JSON.stringify(s))).size).toBe(3);
    for (const machine of Object.values(SLOT_MACHINES))
      for (const strip of machine.strips) expect(Number.isInteger(Math.log2(strip.length))).toBe(true);
  });

  it('every slot title plays one machine with its own six symbols; the catalogue states RTP and volatility', () => {
    const symbols = Object.values(SLOT_TITLES).flatMap((title) => title.symbols);
    expect(new Set(symbols).size).toBe(symbols.length);
    const slots = GAME_CATALOGUE.filter((game) => game.mechanic === 'slot');
    expect(slots.map((game) => game.id).sort()).toEqual(Object.keys(SLOT_TITLES).sort());
    for (const game of slots) {
      const machine = SLOT_TITLES[game.id as keyof typeof SLOT_TITLES].machine;
      expect(game.rtp).toBe(SLOT_RTP[machine]);
      expect('volatility' in game && game.volatility).toBe(SLOT_MACHINES[machine].volatility);
    }
  });

  it('the title comes from the game, never from the page, and sets the stake step', () => {
    expect(checkSlotBet({ type: 'slot', amount: '1.00', title: 'dragon-gold' }, 'lucky-sevens')).toEqual({
      bet: { type: 'slot', amount: '1.00', title: 'lucky-sevens' },
      stake: '1.00',
    });
    expect(checkSlotBet({ type: 'slot', amount: '1.00' }, 'french-roulette')).toEqual({ problem: 'bet_invalid' });
    expect([slotStakeStep('amber-fortune'), slotStakeStep('star-voyage'), slotStakeStep('pharaoh-riches')]).toEqual([
      '0.10',
      '0.05',
      '0.20',
    ]);
    expect(checkSlotBet({ type: 'slot', amount: '0.10' }, 'dragon-gold')).toEqual({ problem: 'slot_step' });
    expect(checkSlotBet({ type: 'slot', amount: '0.05' }, 'star-voyage')).toEqual({
      bet: { type: 'slot', amount: '0.05', title: 'star-voyage' },
      stake: '0.05',
    });
  });

  it("pays what the paytable says on the lines the resolver reports, in the title's symbols", () => {
    for (const [title, stops] of [
      ['amber-fortune', [1, 9, 13, 4, 17]],
      ['fruit-fiesta', [22, 6, 24, 6, 2]],
      ['star-voyage', [3, 7, 11]],
      ['pharaoh-riches', [5, 9, 17, 3, 10]],
    ] as const) {
      const { machine: id, symbols } = SLOT_TITLES[title];
      const machine = SLOT_MACHINES[id];
      const perLine = 100n; // 1.00 per line
      const amount = `${machine.paylines.length}.00`;
      const result = resolveBet({ type: 'slot', amount, title }, fixed(...stops));
      if (result.outcome.type !== 'slot') throw new Error('not a slot');
      const { grid, lines } = result.outcome;
      expect(grid).toHaveLength(machine.rows);
      let expected = 0n;
      machine.paylines.forEach((rows, line) => {
        const { symbol, count } = lineRun(rows.map((row, reel) => grid[row]![reel]!));
        const pay = BigInt(runPay(machine, (symbols as readonly string[]).indexOf(symbol), count)) * perLine;
        expected += pay;
        expect(lines.find((l) => l.line === line)?.win ?? '0.00').toBe(`${pay / 100n}.00`);
      });
      expect(cents(result.win)).toBe(expected);
    }
  });

  it('pays the top symbol on the middle line across all reels at the top of the paytable', () => {
    for (const [title, top, pay] of [
      ['amber-fortune', 'seven', '250.00'],
      ['lucky-sevens', 'lucky_seven', '60.00'],
      ['dragon-gold', 'dragon', '500.00'],
    ] as const) {
      const machine = SLOT_MACHINES[SLOT_TITLES[title].machine];
      const stops = machine.strips.map((strip) => (strip.indexOf(5) - 1 + strip.length) % strip.length);
      const result = resolveBet({ type: 'slot', amount: '1.00', title }, fixed(...stops));
      if (result.outcome.type !== 'slot') throw new Error('not a slot');
      expect(result.outcome.lines).toContainEqual({ line: 0, symbol: top, count: machine.reels, win: pay });
    }
  });

  it("a stored round without a title is replayed on Amber Fortune's reels, as it was played", () => {
    const result = resolveBet({ type: 'slot', amount: '1.00' }, fixed(0, 0, 0, 0, 0));
    if (result.outcome.type !== 'slot') throw new Error('not a slot');
    expect(result.outcome.grid[0]).toEqual(['cherry', 'lemon', 'seven', 'plum', 'bell']);
  });
});

/**
 * Every title of the catalogue, played through the code the server runs: `checkBet` (the rules
 * come from the game's id) and `resolveBet` for one-draw games, `checkStepBet` and `replay` with
 * `applyAction` for the multi-step ones, on the provably fair stream (the fast stream of
 * fast-stream.ts yields exactly its bytes). Where the space of draws is small it is enumerated and
 * the exact fraction must round to the published figure; otherwise a seeded simulation must land
 * within 5 standard errors (plus the 0.005 of the figure's rounding) of it. The seeds are fixed,
 * so the simulations cannot flake: a change to the maths or the engine moves the result, and
 * either the figure or the bound then says so.
 */
describe('every catalogue title pays the RTP it publishes', () => {
  const Z = 5;
  const SEED_KEY = (id: string) => new FastHmac(createHash('sha256').update(`rtp:${id}`).digest());

  /** A Random that plays every draw sequence of the given ranges, one after the other. */
  function* everyDrawSequence(ranges: number[]): Generator<Random> {
    const digits = ranges.map(() => 0);
    for (;;) {
      let at = 0;
      yield {
        int: (n) => {
          if (n !== ranges[at]) throw new Error(`draw ${at} is from [0, ${n}), not [0, ${ranges[at]})`);
          return digits[at++]!;
        },
      };
      let i = ranges.length - 1;
      while (i >= 0 && ++digits[i]! === ranges[i]) digits[i--] = 0;
      if (i < 0) return;
    }
  }

  /**
   * Return per unit staked (Σ wins / Σ stakes, as the figure is defined; a blackjack double or split
   * adds stake) over `rounds` seeded rounds, with its standard error (the ratio estimator's).
   */
  function simulate(id: string, rounds: number, play: (random: Random) => { stake: bigint; win: bigint }) {
    const hmac = SEED_KEY(id);
    const stakes: number[] = [];
    const wins: number[] = [];
    let staked = 0;
    let paid = 0;
    for (let nonce = 1; nonce <= rounds; nonce++) {
      const { stake, win } = play(fastRandom(hmac, 'rtp', nonce));
      stakes.push(Number(stake));
      wins.push(Number(win));
      staked += Number(stake);
      paid += Number(win);
    }
    const ratio = paid / staked;
    let residuals = 0;
    for (let i = 0; i < rounds; i++) residuals += (wins[i]! - ratio * stakes[i]!) ** 2;
    const se = Math.sqrt(residuals / (rounds * (rounds - 1))) / (staked / rounds);
    return { percent: ratio * 100, se: se * 100 };
  }

  function expectNear(id: string, published: string, { percent: measured, se }: { percent: number; se: number }) {
    const line = `${id}: ${measured.toFixed(3)} % ± ${se.toFixed(3)} (1 SE), published ${published} %`;
    console.log(line);
    expect(Math.abs(measured - Number(published)), line).toBeLessThanOrEqual(Z * se + 0.005);
  }

  const oneDraw = (game: CatalogueGame, bet: object) => {
    const checked = checkBet(game.mechanic as 'dice', bet, game.id);
    if ('problem' in checked) throw new Error(checked.problem);
    return (random: Random) => {
      const { stake, win } = resolveBet(checked.bet, random);
      return { stake: cents(stake), win: cents(win) };
    };
  };

  const stepRound = (game: CatalogueGame, bet: object, finish: (state: StepRound['state']) => void) => {
    const checked = checkStepBet(game.mechanic as StepMechanic, bet);
    if ('problem' in checked) throw new Error(checked.problem);
    return (random: Random) => {
      // The server's own replay: the deal, then `finish` plays the strategy through applyAction.
      const round = replay(game.mechanic as StepMechanic, checked.bet, [], random, finish);
      return { stake: round.stake, win: round.payout };
    };
  };

  /**
   * Exact returns of several bets of a game whose maths returns `published` exactly before the win
   * is rounded down to the cent: none is higher, each is lower by under a cent per paying round,
   * and the best bets round to the published figure.
   */
  const expectRoundedDown = (results: { total: bigint; stakes: bigint; paying: bigint }[], published: string) => {
    const p = BigInt(published.replace('.', '')); // hundredths of a percent
    for (const { total, stakes, paying } of results) {
      expect(total * 10_000n).toBeLessThanOrEqual(p * stakes);
      expect(p * stakes - total * 10_000n).toBeLessThan(paying * 10_000n);
    }
    expect(results.map(({ total, stakes }) => percent(total, stakes))).toContain(published);
  };
  const enumerate = (play: (random: Random) => { stake: bigint; win: bigint }, ranges: number[]) => {
    let stakes = 0n;
    let total = 0n;
    let paying = 0n;
    for (const random of everyDrawSequence(ranges)) {
      const { stake, win } = play(random);
      stakes += stake;
      total += win;
      if (win > 0n) paying++;
    }
    return { total, stakes, paying };
  };

  /** The least 32-bit draw whose crash point (limbo's result) reaches `target`, by bisection over all 2^32. */
  const firstDrawReaching = (target: number) => {
    let low = 0;
    let high = TWO_32;
    while (low < high) {
      const mid = Math.floor((low + high) / 2);
      if (crashPoint(mid) >= target) high = mid;
      else low = mid + 1;
    }
    return low;
  };

  const MEASURE: Record<CatalogueGame['mechanic'], (game: CatalogueGame) => void> = {
    dice(game) {
      // All 10 000 rolls, up to the 98 % chance either way: the best bets pay exactly 99 %, every other
      // one less by its rounding.
      const results = (['under', 'over'] as const).flatMap((direction) =>
        ['1.99', '24.75', '49.50', '50.00', '66.00', '98.00'].map((target) =>
          enumerate(oneDraw(game, { type: 'dice', amount: '9.90', target, direction }), [DICE_VALUES]),
        ),
      );
      expectRoundedDown(results, game.rtp);
    },
    roulette(game) {
      const kinds: { kind: RouletteBetKind; numbers?: number[] }[] = [
        { kind: 'straight', numbers: [0] },
        { kind: 'straight', numbers: [17] },
        { kind: 'split', numbers: [0, 2] },
        { kind: 'red' },
        { kind: 'odd' },
        { kind: 'high' },
        { kind: 'dozen', numbers: [2] },
        { kind: 'column', numbers: [3] },
      ];
      const figures = kinds.map((stake) => {
        const { total, stakes } = enumerate(
          oneDraw(game, { type: 'roulette', stakes: [{ ...stake, amount: '1.00' }] }),
          [POCKETS],
        );
        return { even: (EVEN_MONEY as readonly string[]).includes(stake.kind), figure: percent(total, stakes) };
      });
      // The headline figure is the best bet's; the rules text lists each kind of bet where they differ.
      expect(
        figures
          .map((f) => f.figure)
          .sort()
          .at(-1),
      ).toBe(game.rtp);
      const bets = game.rtp_bets ?? { even_money: game.rtp, other: game.rtp };
      for (const { even, figure } of figures) expect(figure).toBe(even ? bets.even_money : bets.other);
    },
    slot(game) {
      const machine = SLOT_MACHINES[SLOT_TITLES[game.id as keyof typeof SLOT_TITLES].machine];
      const bet = { type: 'slot', amount: `${machine.paylines.length}.00` };
      const play = oneDraw(game, bet);
      if (machine.reels === 3) {
        // 16³ stops: every spin the machine can show.
        const { total, stakes } = enumerate(
          play,
          machine.strips.map((strip) => strip.length),
        );
        expect(percent(total, stakes)).toBe(game.rtp);
      } else {
        // 32⁵ stops are too many to spin one by one here. The line-by-line enumeration above gives
        // the exact figure of the machine's paylines and paytable; here every spin the engine
        // plays on the fair stream must pay exactly what those lines say for its stops, and the
        // spins' mean must agree with the figure within the bound.
        let differ = 0;
        const checked = (random: Random) => {
          const { stake, win, stops } = playStops(random);
          const perLine = stake / BigInt(machine.paylines.length);
          let lines = 0n;
          for (const rows of machine.paylines) {
            const cells = rows.map(
              (row, reel) => machine.strips[reel]![(stops[reel]! + row) % machine.strips[reel]!.length]!,
            );
            const { symbol, count } = lineRun(cells);
            lines += BigInt(runPay(machine, symbol, count)) * perLine;
          }
          if (lines !== win) differ++;
          return { stake, win };
        };
        const checkedBet = checkBet('slot', bet, game.id);
        if ('problem' in checkedBet) throw new Error(checkedBet.problem);
        const playStops = (random: Random) => {
          const { stake, win, outcome } = resolveBet(checkedBet.bet, random);
          if (outcome.type !== 'slot') throw new Error('not a slot');
          return { stake: cents(stake), win: cents(win), stops: outcome.stops };
        };
        expectNear(game.id, game.rtp, simulate(game.id, 100_000, checked));
        expect(differ).toBe(0);
      }
    },
    baccarat(game) {
      // The exact fraction per bet is in baccarat.test.ts (every six-card sequence of values).
      for (const on of ['banker', 'player', 'tie'] as const)
        expectNear(
          `${game.id} ${on}`,
          game.rtp_bets![on]!,
          simulate(
            `${game.id}:${on}`,
            on === 'tie' ? 150_000 : 60_000,
            oneDraw(game, { type: 'baccarat', amount: '1.00', on }),
          ),
        );
      expect(game.rtp).toBe(game.rtp_bets!.banker);
    },
    crash(game) {
      // The crash point is a monotone function of one 32-bit draw: the draws that reach a target
      // are counted exactly by bisection on the engine's own crashPoint, for every 2^32 draw.
      for (const target of [101, 150, 200, 1000, 100_000]) {
        const low = firstDrawReaching(target);
        if (low > 0) expect(crashPoint(low - 1)).toBeLessThan(target);
        expect(crashPoint(low)).toBeGreaterThanOrEqual(target);
        const reaching = BigInt(TWO_32 - low);
        // Per 1.00 staked, a round that reaches the target pays `target` cents.
        const figure = percent(reaching * BigInt(target), BigInt(TWO_32) * 100n);
        expect(Number(figure)).toBeLessThanOrEqual(Number(game.rtp));
        expect(Number(figure)).toBeGreaterThanOrEqual(Number(game.rtp) - 0.01);
      }
      // And the rounds the engine plays on the fair stream, auto cash-out at 2.00, return it.
      const bet = { type: 'crash', amount: '1.00', auto_cashout: '2.00' };
      expectNear(
        game.id,
        game.rtp,
        simulate(
          game.id,
          100_000,
          stepRound(game, bet, (state) => expireRound('crash', state)),
        ),
      );
    },
    limbo(game) {
      // The result is crash's point of one 32-bit draw, monotone in the draw: the draws that reach a
      // target are counted exactly by bisection over all 2^32, and equal the closed form
      // floor(99 × 2^32 / c) of core/games/limbo.ts, whose return c / 100 × that / 2^32 is never
      // above 99 % and at most c / (100 × 2^32) under it.
      for (const target of [101, 150, 198, 200, 333, 1000, 100_000, 99_999_999, 100_000_000]) {
        const low = firstDrawReaching(target);
        const reaching = BigInt(TWO_32 - low);
        expect(reaching).toBe(limboWinningDraws(target));
        const returned = reaching * BigInt(target); // per 2^32 × 100 staked
        const full = 99n * BigInt(TWO_32); // 99 % of it
        expect(returned).toBeLessThanOrEqual(full);
        expect(full - returned).toBeLessThan(BigInt(target));
      }
      // 1.98× and 2.56× divide 99 × 2^32 hundredths: exactly 99 %, the published figure; 2× rounds to it.
      expect(percent(limboWinningDraws(200) * 200n, BigInt(TWO_32) * 100n)).toBe(game.rtp);
      for (const exact of [198n, 256n]) expect(limboWinningDraws(Number(exact)) * exact).toBe(99n * BigInt(TWO_32));
      // And the rounds the engine plays on the fair stream, target 2.00, return it.
      expectNear(
        game.id,
        game.rtp,
        simulate(game.id, 100_000, oneDraw(game, { type: 'limbo', amount: '1.00', target: '2.00' })),
      );
    },
    keno(game) {
      // Every table's exact hypergeometric RTP is in keno.test.ts; the headline is the best table's,
      // and the engine's rounds on the fair stream return that table's figure.
      const best = KENO_RISKS.flatMap((risk) => KENO_RTP[risk])
        .sort()
        .at(-1);
      expect(best).toBe(game.rtp);
      const bet = { type: 'keno', amount: '1.00', risk: 'low', picks: [1, 2] };
      expectNear(`${game.id} low 2`, KENO_RTP.low[1]!, simulate(game.id, 100_000, oneDraw(game, bet)));
    },
    mines(game) {
      const results: ReturnType<typeof enumerate>[] = [];
      // Every placement of 1, 2 or 3 mines (25 × 24 × 23 draw sequences at most), revealing
      // cells in order and cashing out after k safe ones: exactly 99 % up to the cent's rounding.
      for (const [mines, ks] of [
        [1, [1, 12, 24]],
        [2, [1, 5, 23]],
        [3, [1, 4, 10]],
      ] as const) {
        for (const k of ks) {
          const play = stepRound(game, { type: 'mines', amount: '100.00', mines }, (state) => {
            for (let cell = 0; cell < k && !state.finished; cell++)
              applyAction('mines', state, { action_id: 'r', action: 'reveal', cell });
            if (!state.finished) applyAction('mines', state, { action_id: 'c', action: 'cashout' });
          });
          results.push(
            enumerate(
              play,
              Array.from({ length: mines }, (_, i) => CELLS - i),
            ),
          );
        }
      }
      expectRoundedDown(results, game.rtp);
    },
    blackjack(game) {
      // Basic strategy (the best play for these rules) on the fair stream. The tighter 2-million-
      // round run is in blackjack.test.ts; this one keeps the file fast.
      const play = stepRound(game, { type: 'blackjack', amount: '1.00' }, (state) => {
        const s = state as BlackjackState;
        while (!s.finished) {
          const action = basicStrategy(s.hands[s.active]!.cards, s.dealer[0]!, blackjackActions(s));
          applyAction('blackjack', s, { action_id: 'a', action });
        }
      });
      expectNear(game.id, game.rtp, simulate(game.id, 200_000, play));
    },
  };

  it('has 15 titles on 9 mechanics', () => {
    expect(GAME_CATALOGUE).toHaveLength(15);
    expect(new Set(GAME_CATALOGUE.map((game) => game.mechanic))).toEqual(new Set(Object.keys(MEASURE)));
  });

  it.each(GAME_CATALOGUE.map((game) => [game.id, game] as const))('%s', (_, game) => {
    MEASURE[game.mechanic](game as CatalogueGame);
  });
});
