/**
 * Provably fair randomness, the scheme crypto casinos publish. Isomorphic: only WebCrypto
 * (`crypto.subtle`), so the game page's Verify panel runs the very same code in the browser.
 *
 *   server seed   32 random bytes, shown as 64 hex digits; committed before play by its
 *                 SHA-256 (of the 32 bytes, not of the hex text), revealed when the pair rotates.
 *   client seed   any text the player chooses.
 *   nonce         1 for the first round after a (re)seed, then 2, 3, …
 *   block(cursor) = HMAC-SHA256(key = server seed bytes, message = `${clientSeed}:${nonce}:${cursor}`)
 *   byte stream   block(0) ‖ block(1) ‖ block(2) ‖ …  (32 bytes per block)
 *
 * A uniform integer in [0, n) takes the next 4 bytes as a big-endian uint32 x. With
 * limit = 2^32 − (2^32 mod n), x < limit is accepted as x mod n — every residue then has exactly
 * limit / n preimages, so there is no modulo bias; x ≥ limit is rejected and the next 4 bytes
 * are drawn. A game draws its numbers in a fixed order (see dice.ts, roulette.ts, slot.ts).
 */

const BLOCK_BYTES = 32;
const WORD_BYTES = 4;
const TWO_32 = 2 ** 32;

/** A synchronous source of uniform integers, fed from an outcome byte stream. */
export interface Random {
  /** A uniform integer in [0, n), 1 ≤ n ≤ 2^32. */
  int(n: number): number;
}

export interface SeedPair {
  /** 64 hex digits. */
  serverSeed: string;
  clientSeed: string;
  nonce: number;
}

export function hexToBytes(hex: string): Uint8Array<ArrayBuffer> {
  if (!/^(?:[0-9a-f]{2})*$/i.test(hex)) throw new TypeError('Not a hex string');
  const bytes = new Uint8Array(hex.length / 2);
  for (let i = 0; i < bytes.length; i++) bytes[i] = Number.parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return bytes;
}

export function bytesToHex(bytes: Uint8Array): string {
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** The commitment shown before play: SHA-256 of the server seed's bytes, hex. */
export async function hashServerSeed(serverSeed: string): Promise<string> {
  return bytesToHex(new Uint8Array(await crypto.subtle.digest('SHA-256', hexToBytes(serverSeed))));
}

/** A fresh server seed: 32 bytes from the platform's CSPRNG, hex. */
export function newServerSeed(): string {
  return bytesToHex(crypto.getRandomValues(new Uint8Array(BLOCK_BYTES)));
}

/** The outcome bytes of one round: `blocks` × 32 bytes from cursor 0 on. */
export async function outcomeBytes({ serverSeed, clientSeed, nonce }: SeedPair, blocks: number): Promise<Uint8Array> {
  const key = await crypto.subtle.importKey('raw', hexToBytes(serverSeed), { name: 'HMAC', hash: 'SHA-256' }, false, [
    'sign',
  ]);
  const encoder = new TextEncoder();
  const out = new Uint8Array(blocks * BLOCK_BYTES);
  for (let cursor = 0; cursor < blocks; cursor++) {
    const block = await crypto.subtle.sign('HMAC', key, encoder.encode(`${clientSeed}:${nonce}:${cursor}`));
    out.set(new Uint8Array(block), cursor * BLOCK_BYTES);
  }
  return out;
}

/** Thrown by a byte-array Random when it runs dry; `withFairRandom` then fetches more blocks. */
export class StreamExhausted extends Error {}

/**
 * The rejection bound for n: the largest multiple of n that is ≤ 2^32. Words below it are
 * accepted; exported so tests can check it is exact.
 */
export function acceptLimit(n: number): number {
  if (!Number.isInteger(n) || n < 1 || n > TWO_32) throw new RangeError(`Cannot draw from [0, ${n})`);
  return TWO_32 - (TWO_32 % n);
}

/** A Random over a fixed byte array (big-endian 4-byte words, rejection sampling). */
export function randomFromBytes(bytes: Uint8Array): Random & { used: () => number } {
  let offset = 0;
  return {
    used: () => offset,
    int(n) {
      const limit = acceptLimit(n);
      for (;;) {
        if (offset + WORD_BYTES > bytes.length) throw new StreamExhausted('Outcome byte stream exhausted');
        const word =
          ((bytes[offset]! << 24) >>> 0) + (bytes[offset + 1]! << 16) + (bytes[offset + 2]! << 8) + bytes[offset + 3]!;
        offset += WORD_BYTES;
        if (word < limit) return word % n;
      }
    },
  };
}

/**
 * Runs a (synchronous, deterministic) game function on the round's byte stream. It starts with
 * one block (8 draws) and, should rejections use them up, reruns with twice as many: the stream
 * is prefix-stable, so the result is exactly what an endless stream would give.
 */
export async function withFairRandom<T>(pair: SeedPair, play: (random: Random) => T): Promise<T> {
  for (let blocks = 1; ; blocks *= 2) {
    try {
      return play(randomFromBytes(await outcomeBytes(pair, blocks)));
    } catch (error) {
      if (!(error instanceof StreamExhausted) || blocks >= 1024) throw error;
    }
  }
}
