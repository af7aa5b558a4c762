// /profile/round: the round id in the URL, the check form of our own rounds (recomputed in Node's
// WebCrypto as the browser does), and a provider's published data.
import { describe, expect, it } from 'vitest';
import { hashServerSeed, newServerSeed, withFairRandom } from '#core/games/fairness.ts';
import type { GameBet, RoundView } from '#core/games/protocol.ts';
import { resolveBet } from '#core/games/round.ts';
import { ApiError } from '../../../src/api/errors';
import { createTranslator } from '../../../src/i18n/translator';
import {
  createRoundCheckStore,
  isRoundMissing,
  publishedFacts,
  roundIdOf,
  verdictColour,
  verdictText,
} from '../../../src/stores/round-check';
import enVerify from '../../../locales/en/game_verify.json';
import jaVerify from '../../../locales/ja/game_verify.json';

/** A fixed server seed: every roll below is known, none left to luck. */
const SERVER_SEED = '3f'.repeat(32);

/** A dice round played on a known seed pair, its seed revealed. */
async function revealedRound(): Promise<RoundView> {
  const serverSeed = SERVER_SEED;
  const bet = { type: 'dice', amount: '1.00', target: '50.00', direction: 'over' } as GameBet;
  const pair = { serverSeed, clientSeed: 'lucky', nonce: 4 };
  const played = await withFairRandom(pair, (random) => resolveBet(bet, random));
  return {
    round_id: '0b7e2f64-5c59-4a43-9d0e-3c1c1f0f0a01',
    nonce: 4,
    client_seed: 'lucky',
    server_seed_hash: await hashServerSeed(serverSeed),
    server_seed: serverSeed,
    bet,
    outcome: played.outcome,
    stake: '1.00',
    win: played.win,
    created_at: '2026-05-04T09:00:00.000Z',
  };
}

describe('round page', () => {
  it('reads the round id from the URL, empty without one', () => {
    expect(roundIdOf('?id=abc-1')).toBe('abc-1');
    expect(roundIdOf('?id=a%2Fb')).toBe('a/b');
    expect(roundIdOf('')).toBe('');
  });

  it('says the round is not in the history for no id or a 404, not for other failures', () => {
    expect(isRoundMissing('', { state: 'loading' })).toBe(true);
    expect(isRoundMissing('r1', { state: 'error', error: new ApiError(404, {}) })).toBe(true);
    expect(isRoundMissing('r1', { state: 'error', error: new ApiError(503, {}) })).toBe(false);
    expect(isRoundMissing('r1', { state: 'error', error: new Error('offline') })).toBe(false);
    expect(isRoundMissing('r1', { state: 'loading' })).toBe(false);
  });
});

describe('round check store', () => {
  it('fills the form from the round and finds the recorded result and payout', async () => {
    const round = await revealedRound();
    const store = createRoundCheckStore(round);
    expect([store.$serverSeed.get(), store.$clientSeed.get(), store.$nonce.get()]).toEqual([
      round.server_seed,
      'lucky',
      '4',
    ]);
    await store.verify();
    expect(store.$verdict.get()).toEqual({ result: 'match', outcome: round.outcome, win: round.win });
    expect(store.$busy.get()).toBe(false);
  });

  it('gives another result for another nonce or client seed: no match, with what those seeds give', async () => {
    const round = await revealedRound();
    const store = createRoundCheckStore(round);
    store.$nonce.set('5');
    await store.verify();
    const other = await withFairRandom({ serverSeed: SERVER_SEED, clientSeed: 'lucky', nonce: 5 }, (random) =>
      resolveBet(round.bet, random),
    );
    expect(other.outcome).not.toEqual(round.outcome);
    expect(store.$verdict.get()).toEqual({ result: 'mismatch', outcome: other.outcome });
    store.$nonce.set('4');
    store.$clientSeed.set('unlucky');
    await store.verify();
    expect(store.$verdict.get()).toMatchObject({ result: 'mismatch' });
  });

  it('refuses a seed without the published hash or not in hex, and a nonce that is not a round number', async () => {
    const round = await revealedRound();
    const store = createRoundCheckStore(round);
    for (const [seed, nonce] of [
      [newServerSeed(), '4'],
      ['not hex at all', '4'],
      ['', '4'],
      [round.server_seed!, '0'],
      [round.server_seed!, '2.5'],
      [round.server_seed!, 'four'],
    ]) {
      store.$serverSeed.set(seed!);
      store.$nonce.set(nonce!);
      await store.verify();
      expect(store.$verdict.get(), `${seed} ${nonce}`).toEqual({ result: 'hash_mismatch' });
    }
  });

  it('keeps the verdict of the last check when an older one finishes later', async () => {
    const round = await revealedRound();
    const store = createRoundCheckStore(round);
    store.$serverSeed.set('0'.repeat(64));
    const older = store.verify();
    store.$serverSeed.set(round.server_seed!);
    const newer = store.verify();
    await Promise.all([older, newer]);
    expect(store.$verdict.get()).toMatchObject({ result: 'match' });
  });
});

describe('the verdict’s sentence', () => {
  const roll = { type: 'dice', roll: '73.50' } as unknown as RoundView['outcome'];
  const format = (locale: 'en' | 'ja') => ({
    v: createTranslator(locale === 'en' ? enVerify : jaVerify, locale, 'game_verify'),
    describe: (outcome: RoundView['outcome']) => `[${(outcome as unknown as { roll: string }).roll}]`,
    money: (amount: string) => `€${amount}`,
  });

  it('says match with the result and payout, no match with what the seeds give, in the page language', () => {
    expect(verdictText({ result: 'match', outcome: roll, win: '1.96' }, format('en'))).toBe(
      'Match: these seeds give exactly the recorded result ([73.50]) and payout (€1.96).',
    );
    expect(verdictText({ result: 'mismatch', outcome: roll }, format('en'))).toBe(
      'No match: these seeds give [73.50], not the recorded result.',
    );
    expect(verdictText({ result: 'hash_mismatch' }, format('en'))).toBe(
      'No match: this server seed does not have the published hash.',
    );
    const ja = verdictText({ result: 'match', outcome: roll, win: '1.96' }, format('ja'));
    expect(ja).toContain('[73.50]');
    expect(ja).toContain('€1.96');
    expect(ja).toBe(jaVerify.match.replace('{result}', '[73.50]').replace('{win}', '€1.96'));
  });

  it('colours a wrong hash as a mismatch', () => {
    expect(verdictColour({ result: 'match', outcome: roll, win: '0.00' })).toBe('match');
    expect(verdictColour({ result: 'mismatch', outcome: roll })).toBe('mismatch');
    expect(verdictColour({ result: 'hash_mismatch' })).toBe('mismatch');
  });
});

describe('a provider’s published round data', () => {
  it('lists what the provider sent in a fixed order, the outcome as JSON text', () => {
    expect(
      publishedFacts({ outcome: { reels: [1, 2] }, nonce: 3, client_seed: 'mine', server_seed_hash: 'ab12' }),
    ).toEqual([
      { label: 'server_hash', value: 'ab12' },
      { label: 'client_seed', value: 'mine' },
      { label: 'nonce', value: '3' },
      { label: 'result', value: '{"reels":[1,2]}' },
    ]);
  });

  it('leaves out a seed not yet revealed and empty fields; nothing usable is an empty list', () => {
    expect(publishedFacts({ server_seed_hash: 'ab12', server_seed: null, client_seed: '' })).toEqual([
      { label: 'server_hash', value: 'ab12' },
    ]);
    expect(publishedFacts({})).toEqual([]);
    expect(publishedFacts({ nonce: 0, outcome: 'lost' })).toEqual([
      { label: 'nonce', value: '0' },
      { label: 'result', value: 'lost' },
    ]);
  });
});
