import { withFairRandom } from '../../core/games/fairness';
import type { RoundView } from '../../core/games/protocol';
import { resolveBet } from '../../core/games/round';
import { verifyStepRound, type StepBet, type StepMechanic } from '../../core/games/steps';

/** JSON with sorted keys: a stored outcome comes back from jsonb in another key order. */
const canonical = (value: unknown): string =>
  Array.isArray(value)
    ? `[${value.map(canonical).join()}]`
    : value && typeof value === 'object'
      ? `{${Object.keys(value)
          .sort()
          .map((k) => `${k}:${canonical((value as Record<string, unknown>)[k])}`)
          .join()}}`
      : JSON.stringify(value);

/**
 * A nonce after a single-step round's whose draw differs from the round's outcome, by the shared
 * engine. A neighbouring nonce can draw the same pocket (1 in 37 on roulette), and a verifier rightly
 * calls that a match; a test's tampered input must be one that cannot verify.
 */
export async function differentNonce(
  round: Pick<RoundView, 'nonce' | 'client_seed' | 'bet' | 'outcome'>,
  serverSeed: string,
) {
  for (let nonce = round.nonce + 1; ; nonce++) {
    const { outcome } = await withFairRandom({ serverSeed, clientSeed: round.client_seed, nonce }, (random) =>
      resolveBet(round.bet, random),
    );
    if (canonical(outcome) !== canonical(round.outcome)) return nonce;
  }
}

/**
 * The same for a multi-step round, by replaying its recorded actions (the same mine layout recurs
 * 1 time in 2,300 with 3 mines). A replay the actions cannot finish (a cash-out after a mine) throws:
 * that differs too.
 */
export async function differentStepNonce(
  round: Pick<RoundView, 'nonce' | 'client_seed' | 'bet' | 'outcome' | 'actions' | 'win'>,
  serverSeed: string,
) {
  for (let nonce = round.nonce + 1; ; nonce++) {
    const replay = await verifyStepRound(
      { serverSeed, clientSeed: round.client_seed, nonce },
      round.outcome.type as StepMechanic,
      round.bet as unknown as StepBet,
      round.actions ?? [],
    ).catch(() => undefined);
    if (!replay?.finished || replay.win !== round.win || canonical(replay.view) !== canonical(round.outcome))
      return nonce;
  }
}
