import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { outcomeBytes, randomFromBytes, type Random } from '#core/games/fairness.ts';
import {
  actBlackjack,
  blackjackActions,
  blackjackPayout,
  blackjackStake,
  dealBlackjack,
  fullShoe,
  handValue,
  standAll,
} from '#core/games/blackjack.ts';
import { FastHmac, fastRandom } from './fast-stream.ts';

/** Card ids by rank (suit spades, first deck): A=0, 2=1 … T=9, J=10, Q=11, K=12. */
const R: Record<string, number> = {
  A: 0,
  '2': 1,
  '3': 2,
  '4': 3,
  '5': 4,
  '6': 5,
  '7': 6,
  '8': 7,
  '9': 8,
  T: 9,
  J: 10,
  Q: 11,
  K: 12,
};
const cards = (ranks: string) => [...ranks].map((rank) => R[rank]!);
const ranksOf = (list: readonly number[]) => list.map((card) => card % 13);

/**
 * A Random that deals the given cards in order: it mirrors the lazy shoe (the same swaps as the
 * game) and answers, for each draw, the offset of the wanted card. Further draws deal 2s.
 */
function stacked(ranks: string): Random {
  const wanted = cards(ranks);
  const shoe = new Map<number, number>();
  let dealt = 0;
  return {
    int(n) {
      const i = dealt++;
      const want = wanted[i] ?? R['2']!;
      for (let p = i; p < i + n; p++) {
        if ((shoe.get(p) ?? p) % 13 === want) {
          const atI = shoe.get(i) ?? i;
          shoe.set(i, shoe.get(p) ?? p);
          shoe.set(p, atI);
          return p - i;
        }
      }
      throw new Error('card not in shoe');
    },
  };
}

const deal = (ranks: string, stake = 1000) => dealBlackjack(stake, stacked(ranks));

describe('blackjack rules', () => {
  it('counts soft and hard hands', () => {
    expect(handValue(cards('A6'))).toEqual({ total: 17, soft: true });
    expect(handValue(cards('A6T'))).toEqual({ total: 17, soft: false });
    expect(handValue(cards('AA9'))).toEqual({ total: 21, soft: true });
    expect(handValue(cards('KQ2'))).toEqual({ total: 22, soft: false });
  });

  it('deals player, dealer, player, dealer; pays a blackjack 3:2 at once (odd cents round down)', () => {
    const state = deal('A9K7', 1001);
    expect(ranksOf(state.hands[0]!.cards)).toEqual(cards('AK'));
    expect(ranksOf(state.dealer)).toEqual(cards('97'));
    expect(state.finished).toBe(true);
    expect(blackjackPayout(state)).toBe(1001 + 1501);
  });

  it('dealer peek: a dealer blackjack ends the round at once; the player loses the stake only, or pushes', () => {
    const lost = deal('TA9K');
    expect(lost.finished).toBe(true);
    expect(blackjackActions(lost)).toEqual([]);
    expect(blackjackPayout(lost)).toBe(0);
    expect(blackjackStake(lost)).toBe(1000);
    const push = deal('AAKK');
    expect(push.finished).toBe(true);
    expect(blackjackPayout(push)).toBe(1000);
  });

  it('dealer stands on soft 17', () => {
    const state = deal('TA96');
    expect(blackjackActions(state)).toEqual(['hit', 'stand', 'double']);
    actBlackjack(state, 'stand');
    expect(ranksOf(state.dealer)).toEqual(cards('A6'));
    expect(state.finished).toBe(true);
    expect(blackjackPayout(state)).toBe(2000);
  });

  it('doubles on any two cards: one card, stake doubled', () => {
    const state = deal('595T' + 'T');
    expect(actBlackjack(state, 'double')).toBe(1000);
    expect(ranksOf(state.hands[0]!.cards)).toEqual(cards('55T'));
    expect(state.finished).toBe(true);
    expect(ranksOf(state.dealer)).toEqual(cards('9T'));
    expect(blackjackStake(state)).toBe(2000);
    expect(blackjackPayout(state)).toBe(4000);
  });

  it('split aces get one card each; a split 21 is not blackjack (pays 1:1); no re-split', () => {
    const state = deal('A9A7' + 'K' + 'A' + '');
    expect(blackjackActions(state)).toContain('split');
    expect(actBlackjack(state, 'split')).toBe(1000);
    // Each ace got one card and stands; the dealer (9, 7) draws a 2: 18.
    expect(state.hands.map((hand) => ranksOf(hand.cards))).toEqual([cards('AK'), cards('AA')]);
    expect(state.hands.every((hand) => hand.done)).toBe(true);
    expect(state.finished).toBe(true);
    expect(ranksOf(state.dealer)).toEqual(cards('972'));
    // A + K after a split is 21 but not blackjack: 1:1 (2000), not 3:2; A + A = 12 loses.
    expect(blackjackPayout(state)).toBe(2000);
    expect(blackjackStake(state)).toBe(2000);
  });

  it('a split hand allows no second split', () => {
    const state = deal('8T8' + '7' + '8' + '3');
    actBlackjack(state, 'split');
    expect(ranksOf(state.hands[0]!.cards)).toEqual(cards('88'));
    expect(blackjackActions(state)).not.toContain('split');
    expect(blackjackActions(state)).toContain('double');
  });

  it('refuses actions that are not allowed and standAll finishes by the stand rule', () => {
    const state = deal('T977' + '5');
    expect(actBlackjack(state, 'split')).toBeUndefined();
    expect(actBlackjack(state, 'surrender')).toBeUndefined();
    standAll(state);
    expect(state.finished).toBe(true);
    expect(ranksOf(state.dealer)).toEqual(cards('975'));
    expect(blackjackPayout(state)).toBe(0);
  });

  it('deals the prefix of the full forward Fisher–Yates shoe from the stream', async () => {
    const pair = { serverSeed: 'ab'.repeat(32), clientSeed: 'shoe', nonce: 3 };
    const bytes = await outcomeBytes(pair, 64);
    const shoe = fullShoe(randomFromBytes(bytes));
    expect([...shoe].sort((a, b) => a - b)).toEqual(Array.from({ length: 312 }, (_, i) => i));
    const state = dealBlackjack(100, randomFromBytes(bytes));
    expect([state.hands[0]!.cards[0], state.dealer[0], state.hands[0]!.cards[1], state.dealer[1]]).toEqual(
      shoe.slice(0, 4),
    );
  });
});

describe('the stream the basic-strategy bot plays on (blackjack-bot.slow.test.ts)', () => {
  it('the fast stream yields exactly the HMAC-SHA256 stream', async () => {
    const key = Buffer.from('5e'.repeat(32), 'hex');
    const fast = new FastHmac(key);
    for (const message of ['bot:1:0', 'bot:1999999:1', 'a:0:0']) {
      fast.sign(message);
      const words = Array.from(fast.out, (word) => (word >>> 0).toString(16).padStart(8, '0')).join('');
      expect(words).toBe(createHmac('sha256', key).update(message).digest('hex'));
    }
    const pair = { serverSeed: '5e'.repeat(32), clientSeed: 'bot', nonce: 7 };
    const slow = randomFromBytes(await outcomeBytes(pair, 4));
    const quick = fastRandom(fast, 'bot', 7);
    for (let i = 0; i < 30; i++) expect(quick.int(312 - i)).toBe(slow.int(312 - i));
  });
});
