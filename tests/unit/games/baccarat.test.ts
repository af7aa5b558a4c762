/**
 * Baccarat (punto banco, 8 decks): the third-card rules, the payouts, the provably fair shoe, and
 * the exact return of each bet by enumerating every sequence of card values with its
 * multiplicity in the shoe (no simulation, no floats in the sums).
 */
import { describe, expect, it } from 'vitest';
import type { Random } from '#core/games/fairness.ts';
import { withFairRandom } from '#core/games/fairness.ts';
import {
  baccaratPayout,
  bankerDraws,
  cardAt,
  cardValue,
  checkBaccaratBet,
  handTotal,
  resolveBaccarat,
  SHOE_CARDS,
  shoeDealer,
  type BaccaratSide,
} from '#core/games/baccarat.ts';
import { resolveBet } from '#core/games/round.ts';
import { BACCARAT_RTP } from '#core/games/catalogue.ts';
import type { BaccaratOutcome } from '#core/games/protocol.ts';
import { enumerateBaccarat } from './baccarat-enumeration.ts';

/** A Random that answers the given draws in order. */
const fixed = (...draws: number[]): Random => ({
  int: (n) => {
    const d = draws.shift()!;
    expect(d).toBeLessThan(n);
    return d;
  },
});

/** The shoe position of a card: deck 0, "TD" → 9 + 2 × 13. */
const position = (card: string) => 'A23456789TJQK'.indexOf(card[0]!) + 13 * 'SHDC'.indexOf(card[1]!);

/**
 * Draws that deal exactly these cards in order from a fresh shoe (partial Fisher–Yates): each
 * wanted card is taken from deck k's own copy, which no earlier draw moved when all cards differ
 * or come from later decks.
 */
function drawsFor(cards: string[]): number[] {
  const moved = new Map<number, number>();
  const at = (i: number) => moved.get(i) ?? i;
  return cards.map((card, k) => {
    const wanted = position(card) + 52 * (k + 1); // a copy in deck k + 1, never touched before
    let j = -1;
    for (let i = k; i < SHOE_CARDS; i++) if (at(i) === wanted) j = i;
    const chosen = at(j);
    moved.set(j, at(k));
    moved.set(k, chosen);
    return j - k;
  });
}

const coup = (cards: string[], on: BaccaratSide = 'banker', amount = '10.00') =>
  resolveBet({ type: 'baccarat', amount, on }, fixed(...drawsFor(cards))) as {
    outcome: BaccaratOutcome;
    stake: string;
    win: string;
  };

describe('baccarat: cards and totals', () => {
  it('values: ace 1, two to nine face value, ten and faces 0; totals mod 10', () => {
    expect(['AS', '2H', '9D', 'TC', 'JS', 'QH', 'KD'].map(cardValue)).toEqual([1, 2, 9, 0, 0, 0, 0]);
    expect(handTotal(['7S', '8H'])).toBe(5);
    expect(handTotal(['KS', 'QH', 'TD'])).toBe(0);
    expect(cardAt(0)).toBe('AS');
    expect(cardAt(51)).toBe('KC');
    expect(cardAt(415)).toBe('KC');
  });

  it('the shoe holds 8 × 52 cards: 32 of each value 1–9 and 128 worth 0', () => {
    const counts = Array.from({ length: 10 }, () => 0);
    for (let i = 0; i < SHOE_CARDS; i++) counts[cardValue(cardAt(i))]!++;
    expect(counts).toEqual([128, 32, 32, 32, 32, 32, 32, 32, 32, 32]);
  });
});

describe('baccarat: the third-card table', () => {
  it('a natural on either side stands both hands', () => {
    // Player 9 (4+5), banker 3 (A+2): no third card for anyone.
    const natural = coup(['4S', 'AH', '5D', '2C']);
    expect(natural.outcome).toEqual({
      type: 'baccarat',
      player: ['4S', '5D'],
      banker: ['AH', '2C'],
      player_total: 9,
      banker_total: 3,
      winner: 'player',
    });
    // Banker 8 against player 0: banker wins without drawing.
    expect(coup(['TS', '3H', 'KD', '5C']).outcome).toMatchObject({
      player: ['TS', 'KD'],
      banker: ['3H', '5C'],
      winner: 'banker',
    });
  });

  it('the player draws on 0–5 and stands on 6–7', () => {
    expect(coup(['2S', 'TH', '3D', 'KC', '4H', 'AH']).outcome.player).toEqual(['2S', '3D', '4H']); // 5 draws
    expect(coup(['2S', 'TH', '4D', 'KC', '5H']).outcome.player).toEqual(['2S', '4D']); // 6 stands; banker 0 draws 5H
  });

  it('the banker, when the player stood, draws on 0–5 and stands on 6–7', () => {
    expect(coup(['3S', '2H', '4D', '3C', '9H']).outcome).toMatchObject({
      player: ['3S', '4D'],
      banker: ['2H', '3C', '9H'],
      banker_total: 4,
      winner: 'player',
    });
    expect(coup(['3S', '2H', '4D', '4C']).outcome).toMatchObject({ banker: ['2H', '4C'], winner: 'player' });
  });

  it('the banker, when the player drew, follows the full table', () => {
    // [banker total] → the player's third-card values on which the banker draws.
    const table: Record<number, number[]> = {
      0: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
      1: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
      2: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
      3: [0, 1, 2, 3, 4, 5, 6, 7, 9],
      4: [2, 3, 4, 5, 6, 7],
      5: [4, 5, 6, 7],
      6: [6, 7],
      7: [],
    };
    for (let total = 0; total <= 7; total++) {
      for (let third = 0; third <= 9; third++)
        expect(bankerDraws(total, third), `banker ${total}, player's third ${third}`).toBe(
          table[total]!.includes(third),
        );
    }
    // And through the resolver: banker 3, player draws an 8 → banker stands; draws a 9 → banker draws.
    expect(coup(['AS', 'AH', '2D', '2C', '8H', '5S']).outcome.banker).toEqual(['AH', '2C']);
    expect(coup(['AS', 'AH', '2D', '2C', '9H', '5S']).outcome.banker).toEqual(['AH', '2C', '5S']);
    // Banker 6, player's third a 7: banker draws; a 5: stands.
    expect(coup(['AS', '3H', 'TD', '3C', '7H', '2S']).outcome).toMatchObject({
      banker: ['3H', '3C', '2S'],
      banker_total: 8,
      player_total: 8,
      winner: 'tie',
    });
    expect(coup(['AS', '3H', 'TD', '3C', '5H', '2S']).outcome.banker).toEqual(['3H', '3C']);
  });
});

describe('baccarat: payouts', () => {
  it('player 1:1, banker 0.95:1 rounded down to the cent, tie 8:1; a tie returns player and banker bets', () => {
    expect(baccaratPayout('player', 'player', 1000n)).toBe(2000n);
    expect(baccaratPayout('banker', 'banker', 1000n)).toBe(1950n);
    expect(baccaratPayout('banker', 'banker', 15n)).toBe(29n); // 0.15 + floor(14.25) cents
    expect(baccaratPayout('tie', 'tie', 1000n)).toBe(9000n);
    expect(baccaratPayout('player', 'tie', 1000n)).toBe(1000n);
    expect(baccaratPayout('banker', 'tie', 1000n)).toBe(1000n);
    expect(baccaratPayout('player', 'banker', 1000n)).toBe(0n);
    expect(baccaratPayout('tie', 'player', 1000n)).toBe(0n);
    expect(coup(['4S', 'AH', '5D', '2C'], 'player', '2.50').win).toBe('5.00');
    expect(coup(['TS', '3H', 'KD', '5C'], 'banker', '2.50').win).toBe('4.87');
  });

  it('refuses malformed bets', () => {
    expect(checkBaccaratBet({ type: 'baccarat', amount: '1.00', on: 'banker' })).toEqual({
      bet: { type: 'baccarat', amount: '1.00', on: 'banker' },
      stake: '1.00',
    });
    for (const bad of [
      { amount: '1.00', on: 'dragon' },
      { amount: '0', on: 'tie' },
      { amount: '1.001', on: 'player' },
      { amount: 1, on: 'player' },
      { on: 'player' },
    ]) {
      expect(checkBaccaratBet({ type: 'baccarat', ...bad })).toEqual({ problem: 'bet_invalid' });
    }
  });
});

describe('baccarat: the provably fair shoe', () => {
  it('deals distinct cards from the HMAC stream, reproducibly', async () => {
    const pair = { serverSeed: '5e'.repeat(32), clientSeed: 'shoe', nonce: 7 };
    const first = await withFairRandom(pair, (random) =>
      resolveBaccarat({ type: 'baccarat', amount: '1.00', on: 'tie' }, random),
    );
    const again = await withFairRandom(pair, (random) =>
      resolveBaccarat({ type: 'baccarat', amount: '1.00', on: 'tie' }, random),
    );
    expect(again).toEqual(first);
    expect(first.outcome.player.length + first.outcome.banker.length).toBeGreaterThanOrEqual(4);
  });

  it('draws without replacement: dealing the whole shoe gives each of the 52 cards exactly 8 times', () => {
    let k = 0;
    const deal = shoeDealer({ int: (n) => (k++ * 7919) % n });
    const counts = new Map<string, number>();
    for (let i = 0; i < SHOE_CARDS; i++) {
      const card = deal();
      counts.set(card, (counts.get(card) ?? 0) + 1);
    }
    expect(counts.size).toBe(52);
    expect(new Set(counts.values())).toEqual(new Set([8]));
    expect(() => deal()).toThrow(RangeError);
  });
});

describe('baccarat: exact RTP by enumeration (8 decks)', () => {
  it('banker 98.94 %, player 98.76 %, tie 85.64 %', () => {
    const { weights, all } = enumerateBaccarat();
    expect(all).toBe(416 * 415 * 414 * 413 * 412 * 411);
    expect(weights.player + weights.banker + weights.tie).toBe(all);
    const [P, B, T, D] = [BigInt(weights.player), BigInt(weights.banker), BigInt(weights.tie), BigInt(all)];
    // Per 1 staked (as exact fractions over D, × 100 for the banker's 0.95):
    const returns = {
      banker: { num: B * 195n + T * 100n, den: D * 100n },
      player: { num: P * 2n + T, den: D },
      tie: { num: T * 9n, den: D },
    };
    /** A fraction as a percentage rounded half-up to two decimals, as a decimal string. */
    const percent = ({ num, den }: { num: bigint; den: bigint }) => {
      const hundredths = (num * 20_000n + den) / (2n * den);
      return `${hundredths / 100n}.${String(hundredths % 100n).padStart(2, '0')}`;
    };
    expect(percent(returns.banker)).toBe('98.94');
    expect(percent(returns.player)).toBe('98.76');
    expect(percent(returns.tie)).toBe('85.64');
    expect(BACCARAT_RTP).toEqual({ banker: '98.94', player: '98.76', tie: '85.64' });
    // The well-known 8-deck probabilities, to six places.
    const six = (n: bigint) => Number((n * 1_000_000n + D / 2n) / D) / 1_000_000;
    expect([six(B), six(P), six(T)]).toEqual([0.458597, 0.446247, 0.095156]);
  });
});
