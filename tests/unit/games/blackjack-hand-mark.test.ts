import { describe, expect, it } from 'vitest';
import { handMark } from '#server/providers/games/page/client/blackjack-hand.ts';

describe('a blackjack hand’s badge', () => {
  it('says blackjack for 21 on two cards of a hand that was not split, bust over 21, push for the stake back', () => {
    expect(handMark({ cards: ['AS', 'KH'], total: 21, split: false, stake: '2.00' })).toBe('blackjack');
    expect(handMark({ cards: ['AS', 'KH'], total: 21, split: false, stake: '2.00', payout: '5.00' })).toBe('blackjack');
    // A split 21 is not blackjack, nor is 21 on three cards.
    expect(handMark({ cards: ['AS', 'KH'], total: 21, split: true, stake: '2.00', payout: '4.00' })).toBeUndefined();
    expect(handMark({ cards: ['7S', '7H', '7D'], total: 21, stake: '2.00' })).toBeUndefined();
    expect(handMark({ cards: ['KS', '5H', '9D'], total: 24, stake: '2.00', payout: '0.00' })).toBe('bust');
    // A doubled hand that pushes gets its doubled stake back.
    expect(handMark({ cards: ['5S', '6H', '8D'], total: 19, stake: '4.00', payout: '4.00' })).toBe('push');
    // A natural against the dealer's natural is a push.
    expect(handMark({ cards: ['AS', 'QH'], total: 21, stake: '2.00', payout: '2.00' })).toBe('push');
    expect(handMark({ cards: ['5S', '6H'], total: 11, stake: '2.00' })).toBeUndefined();
    expect(handMark({ cards: ['5S', '6H', '8D'], total: 19, stake: '2.00', payout: '0.00' })).toBeUndefined();
  });

  it('marks the dealer’s hand too (no stake): blackjack or bust', () => {
    expect(handMark({ cards: ['AD', 'JC'], total: 21 })).toBe('blackjack');
    expect(handMark({ cards: ['KD', '6C', 'QH'], total: 26 })).toBe('bust');
    expect(handMark({ cards: ['KD'], total: 10 })).toBeUndefined();
  });
});
