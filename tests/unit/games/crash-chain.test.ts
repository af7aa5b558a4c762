import { describe, expect, it } from 'vitest';
import {
  checkRevealedGame,
  crashPointFromBits,
  crashPointOfGame,
  previousGameHash,
  type RevealedGame,
} from '#core/games/crash-chain.ts';

// The published test vector (docs/multiplayer-crash.md), computed by an independent Python
// implementation (hashlib + hmac): h[0] = SHA-256("amberplay crash chain test vector"), eight links,
// salt "amberplay-crash-test-salt". Game k is played on h[8 − k].
const SALT = 'amberplay-crash-test-salt';
const TERMINATING = '204b2f8cc05bda1343f5300b30baaf8c650e180fca473e1fb79092de8fbc684f';
const GAMES = [
  { hash: '507b990a23082c3d9e594acbaf118107d493947ac0455ea665c8fbf878273116', crash: 110 },
  { hash: '426c89f56b956994a06d62a899454c21f6038c58beb67636c016f89dd826905b', crash: 195 },
  { hash: 'd5c0a1d22baa0524c4dde46b0220afb3bb9a7b2bafe61512ebea62c756edabc1', crash: 112 },
  { hash: 'd6b7b495c5a2de1164087a5903543129bff10e35fe964e593d8a67309ec53f63', crash: 528 },
  { hash: '1565eeeac77a26c8eddd1aab582c460660569edd4e17321af11a19a4f73a1ea8', crash: 947 },
  { hash: 'f9c3bcac8160b04292894b6a66ad1472c717050c182cd5992254eb4d2aa9b7dd', crash: 1043 },
  { hash: '0c597b61ecc23cf290092fa2cefeab27bea750ccbaff962818996c926b902512', crash: 583 },
  { hash: 'eec04eb301a79f24396f67c371d717ee8ceb99598a9c3000a2d1586a2563688e', crash: 132 },
];
const TWO_52 = 2n ** 52n;

describe('crash hash chain', () => {
  it('recomputes the published test vector: every link and every crash point', async () => {
    let before = TERMINATING;
    for (const game of GAMES) {
      expect(await previousGameHash(game.hash)).toBe(before);
      expect(await crashPointOfGame(game.hash, SALT)).toBe(game.crash);
      expect(await checkRevealedGame(game, before, SALT)).toBe('ok');
      before = game.hash;
    }
  });

  it('refuses a game outside the chain, a wrong crash point, another salt and a malformed hash', async () => {
    const [first, second] = GAMES as [RevealedGame, RevealedGame];
    expect(await checkRevealedGame(second, TERMINATING, SALT)).toBe('not_in_chain');
    expect(await checkRevealedGame({ ...first, crash: first.crash + 1 }, TERMINATING, SALT)).toBe('wrong_crash_point');
    expect(await checkRevealedGame(first, TERMINATING, 'another-salt')).toBe('wrong_crash_point');
    expect(await checkRevealedGame({ ...first, hash: first.hash.toUpperCase() }, TERMINATING, SALT)).toBe('bad_hash');
    expect(await checkRevealedGame({ ...first, hash: first.hash.slice(1) }, TERMINATING, SALT)).toBe('bad_hash');
    await expect(crashPointOfGame('zz', SALT)).rejects.toThrow(TypeError);
  });

  it('P(crash ≥ c) = floor(99 × 2^52 / c) / 2^52 exactly: the first 52-bit x reaching c is 2^52 − that count', () => {
    for (const c of [101n, 102n, 150n, 199n, 200n, 1000n, 12_345n, 100_000n, 1_000_000n]) {
      const reaching = (99n * TWO_52) / c;
      const first = TWO_52 - reaching;
      expect(crashPointFromBits(first)).toBeGreaterThanOrEqual(Number(c));
      expect(crashPointFromBits(first - 1n)).toBeLessThan(Number(c));
    }
  });

  it('busts at 1.00× for the lowest 1 % of draws and never outside 52 bits', () => {
    expect(crashPointFromBits(0n)).toBe(100);
    const firstAbove = TWO_52 - (99n * TWO_52) / 101n;
    expect(crashPointFromBits(firstAbove - 1n)).toBe(100);
    expect(crashPointFromBits(firstAbove)).toBe(101);
    expect(() => crashPointFromBits(TWO_52)).toThrow(RangeError);
    expect(() => crashPointFromBits(-1n)).toThrow(RangeError);
  });
});
