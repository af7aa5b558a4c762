// The exact odds of a baccarat coup from an 8-deck shoe, shared by the RTP and stake-rounding tests.
import { playCoup, type BaccaratSide } from '#core/games/baccarat.ts';

/** Cards of each value 0–9 in the shoe. */
const COUNTS = [128, 32, 32, 32, 32, 32, 32, 32, 32, 32];
/**
 * Every sequence of six card values, weighted by how many ordered draws of six cards without
 * replacement show it: the weights sum to 416·415·…·411 (< 2^53, so Number sums are exact). A coup
 * uses four to six of them; the unused ones only multiply every outcome alike.
 */
export function enumerateBaccarat() {
  const weights: Record<BaccaratSide, number> = { player: 0, banker: 0, tie: 0 };
  const left = [...COUNTS];
  const seq: number[] = [];
  let all = 0;
  const walk = (depth: number, weight: number) => {
    if (depth === 6) {
      let i = 0;
      const { winner } = playCoup(
        () => seq[i++]!,
        (v) => v,
      );
      weights[winner] += weight;
      all += weight;
      return;
    }
    for (let v = 0; v < 10; v++) {
      if (left[v] === 0) continue;
      const w = weight * left[v]!;
      left[v]!--;
      seq[depth] = v;
      walk(depth + 1, w);
      left[v]!++;
    }
  };
  walk(0, 1);
  return { weights, all };
}
