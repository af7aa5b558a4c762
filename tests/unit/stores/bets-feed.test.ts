import { describe, expect, it } from 'vitest';
import type { BetEvent } from '../../../core/api/contract';
import { createBetsFeed, createRateSampler, feedTabAfterKey, winOfBet } from '../../../src/stores/bets-feed';

const bet = (round: string, extra: Partial<BetEvent> = {}): BetEvent => ({
  round,
  game_id: 'dice',
  game: 'Dice',
  player: 'jo***n',
  stake: '2.00',
  payout: '3.96',
  multiplier: '1.98',
  win: true,
  currency: 'EUR',
  at: '2026-06-01T12:00:00.000Z',
  mine: false,
  high_roller: false,
  ...extra,
});

describe('the bets feed', () => {
  it('lists every bet under All, a high roller’s under High rollers, the player’s own under My bets', () => {
    const feed = createBetsFeed({ sample: () => true });
    expect(feed.add(bet('a'))).toEqual(['all']);
    expect(feed.add(bet('b', { high_roller: true }))).toEqual(['all', 'high']);
    expect(feed.add(bet('c', { mine: true }))).toEqual(['all', 'mine']);
    expect(feed.lists.all.map((b) => b.round)).toEqual(['c', 'b', 'a']);
    expect(feed.lists.high.map((b) => b.round)).toEqual(['b']);
    expect(feed.lists.mine.map((b) => b.round)).toEqual(['c']);
  });

  it('keeps the newest rows of each tab', () => {
    const feed = createBetsFeed({ rows: 3, sample: () => true });
    for (const round of ['1', '2', '3', '4', '5']) feed.add(bet(round));
    expect(feed.lists.all.map((b) => b.round)).toEqual(['5', '4', '3']);
  });

  it('takes at most 10 rows a second, sampling the rest away, but never the player’s own', () => {
    let now = 0;
    const feed = createBetsFeed({ rows: 100, sample: createRateSampler(10, () => now) });
    const taken = Array.from({ length: 25 }, (_, i) => feed.add(bet(`x${i}`)).length > 0).filter(Boolean);
    expect(taken).toHaveLength(10);
    expect(feed.add(bet('own', { mine: true }))).toEqual(['all', 'mine']);
    now = 999;
    expect(feed.add(bet('still'))).toEqual([]);
    now = 1000;
    expect(feed.add(bet('next second'))).toEqual(['all']);
  });

  it('moves between tabs with the arrows (wrapping), Home and End', () => {
    expect(feedTabAfterKey('all', 'ArrowRight')).toBe('high');
    expect(feedTabAfterKey('mine', 'ArrowRight')).toBe('all');
    expect(feedTabAfterKey('all', 'ArrowLeft')).toBe('mine');
    expect(feedTabAfterKey('high', 'Home')).toBe('all');
    expect(feedTabAfterKey('all', 'End')).toBe('mine');
    expect(feedTabAfterKey('all', 'Enter')).toBeUndefined();
  });

  it('makes a winners row of a win only, with the net amount (a push or a partial return is no win)', () => {
    expect(winOfBet(bet('w'))).toEqual({
      player: 'jo***n',
      game: 'Dice',
      amount: '1.96',
      currency: 'EUR',
      at: '2026-06-01T12:00:00.000Z',
    });
    expect(winOfBet(bet('hidden', { player: null }))?.player).toBe('Hidden');
    expect(winOfBet(bet('push', { payout: '2.00', multiplier: '1.00', win: false }))).toBeUndefined();
    expect(winOfBet(bet('part', { payout: '1.00', multiplier: '0.50', win: false }))).toBeUndefined();
    // Even a bet mislabelled as a win is not shown as one when the payout is not above the stake.
    expect(winOfBet(bet('odd', { payout: '2.00', win: true }))).toBeUndefined();
  });
});
