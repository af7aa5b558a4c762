import { createHash, createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  acceptLimit,
  hashServerSeed,
  outcomeBytes,
  randomFromBytes,
  StreamExhausted,
  withFairRandom,
} from '#core/games/fairness.ts';
import { resolveBet } from '#core/games/round.ts';

const SERVER_SEED = '6f1c0a8e3b2d4c5e9a7f1b3d5e7c9a1b2c3d4e5f60718293a4b5c6d7e8f90a1b';
const pair = { serverSeed: SERVER_SEED, clientSeed: 'lucky-player', nonce: 7 };

/** The published formula, computed independently with node:crypto. */
function referenceBlock(cursor: number): Buffer {
  return createHmac('sha256', Buffer.from(SERVER_SEED, 'hex')).update(`lucky-player:7:${cursor}`).digest();
}
/** The first 4-byte word of block 0, big-endian. */
const firstWord = () => referenceBlock(0).readUInt32BE(0);

describe('provably fair byte stream', () => {
  it('is HMAC-SHA256(server seed bytes, clientSeed:nonce:cursor), block after block', async () => {
    const bytes = await outcomeBytes(pair, 3);
    expect(Buffer.from(bytes)).toEqual(Buffer.concat([referenceBlock(0), referenceBlock(1), referenceBlock(2)]));
  });

  it('reads on into further blocks when a round needs more than one', async () => {
    // 20 draws over the full 32-bit range (nothing rejected) take 80 bytes: blocks 0, 1 and 2.
    const words = await withFairRandom(pair, (random) => Array.from({ length: 20 }, () => random.int(2 ** 32)));
    const stream = Buffer.concat([referenceBlock(0), referenceBlock(1), referenceBlock(2)]);
    expect(words).toEqual(Array.from({ length: 20 }, (_, i) => stream.readUInt32BE(i * 4)));
  });

  it('commits to the server seed with SHA-256 of its bytes', async () => {
    expect(await hashServerSeed(SERVER_SEED)).toBe(
      createHash('sha256').update(Buffer.from(SERVER_SEED, 'hex')).digest('hex'),
    );
  });

  it('gives the outcomes the formula gives, for known seeds', async () => {
    const word = firstWord();
    // These seeds' first word is far below every rejection bound used here, so one word decides.
    expect(word).toBeLessThan(acceptLimit(10_000));
    const dice = await withFairRandom(pair, (random) =>
      resolveBet({ type: 'dice', amount: '1.00', target: '50.00', direction: 'under' }, random),
    );
    expect(dice.outcome).toEqual({
      type: 'dice',
      roll: `${Math.floor((word % 10_000) / 100)}.${String(word % 100).padStart(2, '0')}`,
    });
    const roulette = await withFairRandom(pair, (random) =>
      resolveBet({ type: 'roulette', stakes: [{ kind: 'red', amount: '1.00' }] }, random),
    );
    expect(roulette.outcome).toEqual({ type: 'roulette', pocket: word % 37 });
    const block = referenceBlock(0);
    const slot = await withFairRandom(pair, (random) => resolveBet({ type: 'slot', amount: '1.00' }, random));
    expect(slot.outcome.type === 'slot' && slot.outcome.stops).toEqual(
      [0, 4, 8, 12, 16].map((at) => block.readUInt32BE(at) % 32),
    );
  });

  it('pins hard-coded vectors, so a change to the formula cannot pass unnoticed', async () => {
    const seeds = { serverSeed: '00'.repeat(32), clientSeed: 'abc', nonce: 1 };
    const block = createHmac('sha256', Buffer.alloc(32)).update('abc:1:0').digest();
    expect(block.toString('hex')).toBe(EXPECTED_ZERO_SEED_BLOCK);
    expect(Buffer.from(await outcomeBytes(seeds, 1)).toString('hex')).toBe(EXPECTED_ZERO_SEED_BLOCK);
    // First word 0xfb165aac = 4212546220: roll 62.20, pocket 20; slot stops from words 0–4 mod 32.
    const dice = await withFairRandom(seeds, (random) =>
      resolveBet({ type: 'dice', amount: '2.00', target: '62.21', direction: 'under' }, random),
    );
    expect(dice).toEqual({ outcome: { type: 'dice', roll: '62.20' }, stake: '2.00', win: '3.18' });
    const roulette = await withFairRandom(seeds, (random) =>
      resolveBet(
        {
          type: 'roulette',
          stakes: [
            { kind: 'straight', amount: '1.00', numbers: [20] },
            { kind: 'red', amount: '1.00' },
          ],
        },
        random,
      ),
    );
    expect(roulette).toEqual({ outcome: { type: 'roulette', pocket: 20 }, stake: '2.00', win: '36.00' });
    const slot = await withFairRandom(seeds, (random) => resolveBet({ type: 'slot', amount: '1.00' }, random));
    expect(slot.outcome.type === 'slot' && slot.outcome.stops).toEqual([12, 16, 23, 4, 17]);
  });
});

describe('uniform integers without modulo bias', () => {
  it('uses the exact rejection bound: the largest multiple of n not above 2^32', () => {
    for (const n of [1, 2, 3, 32, 37, 10_000, 2 ** 31 + 1, 2 ** 32]) {
      const limit = acceptLimit(n);
      expect(limit % n).toBe(0);
      expect(limit).toBeLessThanOrEqual(2 ** 32);
      expect(limit + n).toBeGreaterThan(2 ** 32);
    }
  });

  it('rejects exactly the words at or above the bound and takes the next word', () => {
    // For n = 37: 2^32 mod 37 = 7, so 0xFFFFFFF9…0xFFFFFFFF are rejected and 0xFFFFFFF8 is not.
    const limit = acceptLimit(37);
    expect(limit).toBe(2 ** 32 - 7);
    const words = (...values: number[]) =>
      new Uint8Array(values.flatMap((v) => [v >>> 24, (v >>> 16) & 255, (v >>> 8) & 255, v & 255]));
    expect(randomFromBytes(words(limit - 1)).int(37)).toBe((limit - 1) % 37);
    expect(randomFromBytes(words(limit, 0xffffffff, 40)).int(37)).toBe(3);
    expect(() => randomFromBytes(words(limit)).int(37)).toThrow(StreamExhausted);
  });

  it('maps every accepted word range onto each residue equally often', () => {
    // A scaled-down check of the same rule over every word of a 12-bit stream: with 4096 words and
    // n = 37, the accepted 4070 words give each pocket exactly 110.
    const span = 4096;
    const limit = span - (span % 37);
    const counts = new Array(37).fill(0);
    for (let word = 0; word < limit; word++) counts[word % 37]++;
    expect(new Set(counts)).toEqual(new Set([limit / 37]));
  });
});

const EXPECTED_ZERO_SEED_BLOCK = 'fb165aace9c38db050f849172efe9b644f027371298a9a98ca11b0f958710848';
