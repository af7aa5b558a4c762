// `npm run test:slow`: two million rounds take minutes on one core, so they run beside the browser tests in
// `.ci/run`, not in the unit step. The fast stream they play on is checked against HMAC-SHA256 in blackjack.test.ts.
import { describe, expect, it } from 'vitest';
import {
  actBlackjack,
  basicStrategy,
  blackjackActions,
  blackjackPayout,
  blackjackStake,
  BLACKJACK_RTP,
  dealBlackjack,
} from '#core/games/blackjack.ts';
import { FastHmac, fastRandom } from './fast-stream.ts';

describe('blackjack RTP with basic strategy', () => {
  it(`2 million provably-fair rounds land within ±0.3 % of the published ${BLACKJACK_RTP} %`, () => {
    const hmac = new FastHmac(Buffer.from('0f1e2d3c4b5a69788796a5b4c3d2e1f00f1e2d3c4b5a69788796a5b4c3d2e1f0', 'hex'));
    let staked = 0;
    let paid = 0;
    const rounds = 2_000_000;
    for (let nonce = 1; nonce <= rounds; nonce++) {
      const state = dealBlackjack(100, fastRandom(hmac, 'basic-strategy-bot', nonce));
      while (!state.finished)
        actBlackjack(state, basicStrategy(state.hands[state.active]!.cards, state.dealer[0]!, blackjackActions(state)));
      staked += blackjackStake(state);
      paid += blackjackPayout(state);
    }
    const rtp = (paid / staked) * 100;
    console.log(`blackjack bot: ${rounds} rounds, RTP ${rtp.toFixed(3)} % (published ${BLACKJACK_RTP} %)`);
    expect(Math.abs(rtp - Number(BLACKJACK_RTP))).toBeLessThanOrEqual(0.3);
  });
});
