import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { previousGameHash } from '#core/games/crash-chain.ts';
import { buildCrashChain, crashGameHash } from '#server/services/crash-room/crash-chain-builder.ts';

// h[0] of the published test vector (tests/unit/games/crash-chain.test.ts, docs/multiplayer-crash.md).
const VECTOR_FIRST = createHash('sha256').update('amberplay crash chain test vector').digest();

describe('crash chain builder', () => {
  it('builds the published test vector: its terminating hash and game 1 and game 8', async () => {
    const chain = await buildCrashChain(8, 3, VECTOR_FIRST);
    expect(chain.terminating).toBe('204b2f8cc05bda1343f5300b30baaf8c650e180fca473e1fb79092de8fbc684f');
    expect(crashGameHash(chain, 1)).toBe('507b990a23082c3d9e594acbaf118107d493947ac0455ea665c8fbf878273116');
    expect(crashGameHash(chain, 8)).toBe('eec04eb301a79f24396f67c371d717ee8ceb99598a9c3000a2d1586a2563688e');
    expect(chain.checkpoints).toEqual([VECTOR_FIRST.toString('hex'), expect.any(String), expect.any(String)]);
  });

  it('gives every game the same hash whatever the checkpoint spacing, each linking to the one before', async () => {
    const first = createHash('sha256').update('another chain').digest();
    const dense = await buildCrashChain(50, 1, first);
    const sparse = await buildCrashChain(50, 7, first);
    expect(sparse.terminating).toBe(dense.terminating);
    expect(sparse.checkpoints).toHaveLength(8);
    let before = dense.terminating;
    for (let game = 1; game <= 50; game++) {
      const hash = crashGameHash(sparse, game);
      expect(hash).toBe(crashGameHash(dense, game));
      expect(await previousGameHash(hash)).toBe(before);
      before = hash;
    }
  });

  it('refuses games outside the chain and bad settings', async () => {
    const chain = await buildCrashChain(5, 2, VECTOR_FIRST);
    for (const game of [0, 6, 1.5, -1]) expect(() => crashGameHash(chain, game)).toThrow(RangeError);
    await expect(buildCrashChain(0, 1)).rejects.toThrow(RangeError);
    await expect(buildCrashChain(5, 0)).rejects.toThrow(RangeError);
    await expect(buildCrashChain(5, 1, Buffer.alloc(31))).rejects.toThrow(RangeError);
  });
});
