// Recomputes a recorded round from its seed pair, in the browser (WebCrypto) or on the server: the
// game page's Verify panel and the site's "verify from history" page share this.
import { withFairRandom } from './fairness.ts';
import type { RoundView } from './protocol.ts';
import { resolveBet } from './round.ts';
import { isStepMechanic, verifyStepRound, type StepBet } from './steps.ts';

/** The same outcome: the drawn numbers (roll, pocket, cards or reel stops) and the win. */
const sameOutcome = (a: RoundView['outcome'], b: RoundView['outcome']) =>
  a.type === 'dice'
    ? b.type === 'dice' && a.roll === b.roll
    : a.type === 'roulette'
      ? b.type === 'roulette' && a.pocket === b.pocket
      : a.type === 'limbo'
        ? b.type === 'limbo' && a.result === b.result
        : a.type === 'keno'
          ? b.type === 'keno' && a.drawn.join() === b.drawn.join()
          : a.type === 'baccarat'
            ? b.type === 'baccarat' && a.player.join() === b.player.join() && a.banker.join() === b.banker.join()
            : a.type === 'slot' && b.type === 'slot' && a.stops.join() === b.stops.join();

/** The same JSON value, whatever the order of object keys (a stored round comes back from jsonb reordered). */
const sameJson = (a: unknown, b: unknown): boolean => {
  if (a === b) return true;
  if (
    typeof a !== 'object' ||
    typeof b !== 'object' ||
    a === null ||
    b === null ||
    Array.isArray(a) !== Array.isArray(b)
  )
    return false;
  const keysA = Object.keys(a);
  const keysB = Object.keys(b);
  return (
    keysA.length === keysB.length &&
    keysA.every(
      (key) =>
        Object.hasOwn(b, key) && sameJson((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]),
    )
  );
};

/**
 * Recomputes `round` from a seed pair: single-step rounds from the bet, multi-step ones by
 * replaying the recorded actions. `match` is true only when the draw and the payout are the
 * recorded ones.
 */
export async function recomputeRound(
  pair: { serverSeed: string; clientSeed: string; nonce: number },
  round: RoundView,
) {
  const mechanic = (round.outcome as { type: string }).type;
  if (isStepMechanic(mechanic)) {
    const replayed = await verifyStepRound(pair, mechanic, round.bet as unknown as StepBet, round.actions ?? []);
    const outcome = replayed.view as unknown as RoundView['outcome'];
    return {
      outcome,
      win: replayed.win,
      match:
        replayed.finished &&
        replayed.stake === round.stake &&
        replayed.win === round.win &&
        sameJson(replayed.view, round.outcome),
    };
  }
  const result = await withFairRandom(pair, (random) => resolveBet(round.bet, random));
  return {
    outcome: result.outcome,
    win: result.win,
    match: sameOutcome(result.outcome, round.outcome) && result.win === round.win,
  };
}
