/**
 * UKGC RTS 7: a payout at or below the stake is never presented as a win. payoutKind is what the
 * game page uses to word and colour a round; seeded rounds force the "money back, no win" case.
 */
import { describe, expect, it } from 'vitest';
import { withFairRandom } from '#core/games/fairness.ts';
import { payoutKind } from '#core/games/outcome.ts';
import { resolveBet } from '#core/games/round.ts';
import { toCents } from '#core/api/money.ts';

const SERVER_SEED = 'a3'.repeat(32);

describe('payoutKind', () => {
  it('is a win only when the payout exceeds the stake', () => {
    expect(payoutKind('1.00', '0.00')).toBe('loss');
    expect(payoutKind('1.00', '0.01')).toBe('return');
    expect(payoutKind('1.00', '0.50')).toBe('return');
    expect(payoutKind('1.00', '1.00')).toBe('return');
    expect(payoutKind('1.00', '1.01')).toBe('win');
    expect(payoutKind('100.00', '99.99')).toBe('return');
    expect(payoutKind('0.10', '3.60')).toBe('win');
  });

  it('a seeded slot round that pays less than its stake is "return", not "win"', async () => {
    // The first nonce of this seed pair whose spin pays something, but less than the 1.00 stake.
    let found: { nonce: number; stake: string; win: string } | undefined;
    for (let nonce = 1; nonce <= 500 && !found; nonce++) {
      const round = await withFairRandom({ serverSeed: SERVER_SEED, clientSeed: 'rts7', nonce }, (random) =>
        resolveBet({ type: 'slot', amount: '1.00' }, random),
      );
      const win = toCents(round.win)!;
      if (win > 0n && win < 100n) found = { nonce, stake: round.stake, win: round.win };
    }
    expect(found).toBeDefined();
    expect(payoutKind(found!.stake, found!.win)).toBe('return');
  });

  it('red and black on one spin never win, whatever the seed: back the stake, or half of it on zero', async () => {
    for (let nonce = 1; nonce <= 200; nonce++) {
      const round = await withFairRandom({ serverSeed: SERVER_SEED, clientSeed: 'both-colours', nonce }, (random) =>
        resolveBet(
          {
            type: 'roulette',
            stakes: [
              { kind: 'red', amount: '1.00' },
              { kind: 'black', amount: '1.00' },
            ],
          },
          random,
        ),
      );
      expect(round.stake).toBe('2.00');
      expect(payoutKind(round.stake, round.win)).not.toBe('win');
    }
  });
});
