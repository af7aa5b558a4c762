import { atom } from 'nanostores';
import type { PublishedRoundData } from '../../core/api/contract';
import type { RoundView } from '../../core/games/protocol';
import { ApiError } from '../api/errors';
import type { Translate } from '../i18n/translator';

/** The round id a /profile/round URL asks for (`?id=…`), empty when there is none. */
export const roundIdOf = (search: string) => new URLSearchParams(search).get('id') ?? '';

/** Whether the page says the round is not in the player's history: no id, or the server's 404. */
export const isRoundMissing = (id: string, round: { state: string; error?: unknown }) =>
  id === '' || (round.state === 'error' && round.error instanceof ApiError && round.error.status === 404);

/**
 * What the browser's recomputation said: the seeds give the recorded result (`match`, with the
 * outcome and payout they give), another one (`mismatch`), or the server seed does not have the
 * published hash, or cannot be a seed of this round at all (`hash_mismatch`). Each result is the
 * key of its sentence in game_verify.json.
 */
export type Verdict =
  | { result: 'match'; outcome: RoundView['outcome']; win: string }
  | { result: 'mismatch'; outcome: RoundView['outcome'] }
  | { result: 'hash_mismatch' };

/**
 * The check form of one of our own rounds: the server seed, client seed and nonce, filled in from
 * the round, recomputed in this browser (WebCrypto) without asking the server. The verification
 * code loads on the first check only. A check started before the last one finished wins.
 */
export function createRoundCheckStore(round: RoundView) {
  const $serverSeed = atom(round.server_seed ?? '');
  const $clientSeed = atom(round.client_seed);
  const $nonce = atom(String(round.nonce));
  const $verdict = atom<Verdict | null>(null);
  const $busy = atom(false);
  let generation = 0;

  async function recompute(): Promise<Verdict> {
    const [{ hashServerSeed }, { recomputeRound }] = await Promise.all([
      import('../../core/games/fairness'),
      import('../../core/games/verify'),
    ]);
    const serverSeed = $serverSeed.get().trim();
    const nonce = Number($nonce.get());
    // A seed that is not hex, or a nonce that is not a round number: it cannot be the recorded round.
    if (!Number.isSafeInteger(nonce) || nonce < 1) return { result: 'hash_mismatch' };
    if ((await hashServerSeed(serverSeed).catch(() => '')) !== round.server_seed_hash)
      return { result: 'hash_mismatch' };
    const result = await recomputeRound({ serverSeed, clientSeed: $clientSeed.get(), nonce }, round);
    return result.match
      ? { result: 'match', outcome: result.outcome, win: result.win }
      : { result: 'mismatch', outcome: result.outcome };
  }

  async function verify() {
    const mine = ++generation;
    $busy.set(true);
    let verdict: Verdict;
    try {
      verdict = await recompute();
    } catch (error) {
      console.warn('[round] recomputation failed', error);
      verdict = { result: 'hash_mismatch' };
    }
    if (mine !== generation) return;
    $verdict.set(verdict);
    $busy.set(false);
  }
  return { $serverSeed, $clientSeed, $nonce, $verdict, $busy, verify };
}

/** A hash that does not match is shown as a mismatch like any other. */
export const verdictColour = (verdict: Verdict) => (verdict.result === 'match' ? 'match' : 'mismatch');

/** The verdict's sentence (game_verify.json), with the outcome the seeds give and its payout. */
export function verdictText(
  verdict: Verdict,
  format: {
    v: Translate<'game_verify'>;
    describe: (outcome: RoundView['outcome']) => string;
    money: (amount: string) => string;
  },
) {
  const { v, describe, money } = format;
  if (verdict.result === 'match') return v('match', { result: describe(verdict.outcome), win: money(verdict.win) });
  if (verdict.result === 'mismatch') return v('mismatch', { result: describe(verdict.outcome) });
  return v('hash_mismatch');
}

/** One line of what a provider publishes for its round: the label's key in game_verify.json and the text. */
export interface PublishedFact {
  label: 'server_hash' | 'server_seed' | 'client_seed' | 'nonce' | 'result';
  value: string;
}

/**
 * A provider's published verification data as the page lists it, in a fixed order and only the
 * fields it sent; its outcome (any JSON) as the provider wrote it. Empty: it published nothing usable.
 */
export function publishedFacts(data: PublishedRoundData): PublishedFact[] {
  const facts: PublishedFact[] = [];
  const add = (label: PublishedFact['label'], value: unknown) => {
    if (value === undefined || value === null || value === '') return;
    facts.push({ label, value: typeof value === 'string' ? value : JSON.stringify(value) });
  };
  add('server_hash', data.server_seed_hash);
  add('server_seed', data.server_seed);
  add('client_seed', data.client_seed);
  add('nonce', data.nonce);
  add('result', data.outcome);
  return facts;
}
