// Issue 38, item 12: the game page's ½ and 2× (and their A and S keys) move the stake within the
// title's range, to a stake the chosen bet takes.
import { describe, expect, it } from 'vitest';
import { quickStake } from '#core/games/quick-stake.ts';
import { takesQuickStake } from '#core/games/registry.ts';
import { addRound, EMPTY_TALLY, parseTally, tallyNet, TALLY_CHART_ROUNDS } from '#core/games/session-tally.ts';

const range = { min: '0.10', max: '100.00' };

describe('quickStake', () => {
  it.each([
    ['2.00', 'half', '1.00'],
    ['2.00', 'double', '4.00'],
    ['0.25', 'half', '0.12'], // to the cent below, never a fraction of a cent
    ['2,50', 'double', '5.00'], // a comma typed as the decimal separator
    ['0.10', 'half', '0.10'], // not below the minimum
    ['60.00', 'double', '100.00'], // not above the maximum
    ['', 'double', '0.10'], // an empty or unreadable field starts from the minimum
    ['abc', 'half', '0.10'],
    ['-5', 'double', '0.10'],
  ] as const)('%s, %s → %s', (current, change, expected) => {
    expect(quickStake(current, change, range)).toBe(expected);
  });

  it('moves to a stake the bet takes: up to the next multiple of its step, or down at the top', () => {
    const rule = { step: 20n, anyFrom: 422n }; // multiples of €0.20, any stake from €4.22
    expect(quickStake('1.50', 'half', range, rule)).toBe('0.80'); // 0.75 → 0.80
    expect(quickStake('1.10', 'double', range, rule)).toBe('2.20');
    expect(quickStake('2.10', 'double', range, rule)).toBe('4.20'); // a multiple of the step
    expect(quickStake('2.11', 'double', range, rule)).toBe('4.22'); // 4.22: from there any stake
    expect(quickStake('90.00', 'double', { min: '0.10', max: '3.10' }, rule)).toBe('3.00'); // down to a multiple
    // No stake in the range is taken: the minimum, which the server refuses with the bet's own minimum.
    const coarse = { step: 700n, anyFrom: 700n };
    expect(quickStake('2.00', 'double', { min: '0.10', max: '5.00' }, coarse)).toBe('0.10');
  });
});

it('is offered on every game but the slots, whose stakes go by line', () => {
  expect(['dice', 'roulette', 'baccarat', 'blackjack', 'mines', 'crash'].filter(takesQuickStake)).toHaveLength(6);
  expect(takesQuickStake('slot')).toBe(false);
});

describe('session tally', () => {
  it('adds each round: rounds, staked, returned and the net after it', () => {
    let tally = addRound(EMPTY_TALLY, { stake: '1.00', win: '0.00' });
    tally = addRound(tally, { stake: '2.00', win: '3.96' });
    tally = addRound(tally, { stake: '0.10', win: '0.10' });
    expect(tally).toEqual({ rounds: 3, staked: '310', returned: '406', nets: ['-100', '96', '96'] });
    expect(tallyNet(tally)).toBe(96n);
  });

  it('charts only the latest rounds but counts them all', () => {
    let tally = EMPTY_TALLY;
    for (let i = 0; i < TALLY_CHART_ROUNDS + 5; i++) tally = addRound(tally, { stake: '1.00', win: '0.00' });
    expect(tally.rounds).toBe(TALLY_CHART_ROUNDS + 5);
    expect(tally.nets).toHaveLength(TALLY_CHART_ROUNDS);
    expect(tally.nets.at(-1)).toBe(String(-(TALLY_CHART_ROUNDS + 5) * 100));
  });

  it('reads back what it stored, and anything else as an empty tally', () => {
    const tally = addRound(EMPTY_TALLY, { stake: '1.00', win: '2.50' });
    expect(parseTally(JSON.stringify(tally))).toEqual(tally);
    for (const stored of [
      null,
      '',
      'null',
      '{"rounds":1}',
      '{"rounds":-1,"staked":"0","returned":"0","nets":[]}',
      '{"rounds":1,"staked":"1e3","returned":"0","nets":[]}',
    ])
      expect(parseTally(stored)).toEqual(EMPTY_TALLY);
  });
});
