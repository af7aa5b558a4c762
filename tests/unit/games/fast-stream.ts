/**
 * A fast synchronous provably-fair stream for long simulations: HMAC-SHA256 in plain JavaScript
 * with the key's inner and outer pad states computed once (two compressions per 32-byte block
 * instead of a crypto object per block). It yields exactly the bytes of core/games/fairness.ts
 * (`outcomeBytes`); the tests check that against node:crypto and the async stream.
 */
import type { Random } from '#core/games/fairness.ts';

const K = new Uint32Array([
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5, 0xd807aa98,
  0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174, 0xe49b69c1, 0xefbe4786,
  0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da, 0x983e5152, 0xa831c66d, 0xb00327c8,
  0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967, 0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13,
  0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85, 0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819,
  0xd6990624, 0xf40e3585, 0x106aa070, 0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a,
  0x5b9cca4f, 0x682e6ff3, 0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7,
  0xc67178f2,
]);
const IV = [0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19];
const W = new Uint32Array(64);

/** One SHA-256 compression of the 16 words `block` into `state` (in place). */
function compress(state: Uint32Array, block: Uint32Array) {
  for (let i = 0; i < 16; i++) W[i] = block[i]!;
  for (let i = 16; i < 64; i++) {
    const a = W[i - 15]!,
      b = W[i - 2]!;
    const s0 = ((a >>> 7) | (a << 25)) ^ ((a >>> 18) | (a << 14)) ^ (a >>> 3);
    const s1 = ((b >>> 17) | (b << 15)) ^ ((b >>> 19) | (b << 13)) ^ (b >>> 10);
    W[i] = (W[i - 16]! + s0 + W[i - 7]! + s1) | 0;
  }
  let a = state[0]!,
    b = state[1]!,
    c = state[2]!,
    d = state[3]!,
    e = state[4]!,
    f = state[5]!,
    g = state[6]!,
    h = state[7]!;
  for (let i = 0; i < 64; i++) {
    const S1 = ((e >>> 6) | (e << 26)) ^ ((e >>> 11) | (e << 21)) ^ ((e >>> 25) | (e << 7));
    const t1 = (h + S1 + ((e & f) ^ (~e & g)) + K[i]! + W[i]!) | 0;
    const S0 = ((a >>> 2) | (a << 30)) ^ ((a >>> 13) | (a << 19)) ^ ((a >>> 22) | (a << 10));
    const t2 = (S0 + ((a & b) ^ (a & c) ^ (b & c))) | 0;
    h = g;
    g = f;
    f = e;
    e = (d + t1) | 0;
    d = c;
    c = b;
    b = a;
    a = (t1 + t2) | 0;
  }
  state[0] = (state[0]! + a) | 0;
  state[1] = (state[1]! + b) | 0;
  state[2] = (state[2]! + c) | 0;
  state[3] = (state[3]! + d) | 0;
  state[4] = (state[4]! + e) | 0;
  state[5] = (state[5]! + f) | 0;
  state[6] = (state[6]! + g) | 0;
  state[7] = (state[7]! + h) | 0;
}

export class FastHmac {
  private inner = new Uint32Array(8);
  private outer = new Uint32Array(8);
  private state = new Uint32Array(8);
  private block = new Uint32Array(16);
  readonly out = new Uint32Array(8);

  /** key: 32 bytes (a server seed). */
  constructor(key: Uint8Array) {
    const pad = (xor: number, into: Uint32Array) => {
      const block = new Uint32Array(16);
      for (let i = 0; i < 16; i++) {
        let word = 0;
        for (let j = 0; j < 4; j++) word = (word << 8) | (((key[i * 4 + j] ?? 0) ^ xor) & 0xff);
        block[i] = word;
      }
      into.set(IV);
      compress(into, block);
    };
    pad(0x36, this.inner);
    pad(0x5c, this.outer);
  }

  /** HMAC of an ASCII message shorter than 56 bytes, into `out` (8 big-endian words). */
  sign(message: string) {
    const { block, state } = this;
    block.fill(0);
    const length = message.length;
    for (let i = 0; i < length; i++) block[i >> 2]! |= message.charCodeAt(i) << (24 - (i & 3) * 8);
    block[length >> 2]! |= 0x80 << (24 - (length & 3) * 8);
    block[15] = (64 + length) * 8;
    state.set(this.inner);
    compress(state, block);
    block.fill(0);
    for (let i = 0; i < 8; i++) block[i] = state[i]!;
    block[8] = 0x80000000;
    block[15] = (64 + 32) * 8;
    state.set(this.outer);
    compress(state, block);
    this.out.set(state);
  }
}

/** The round's stream as a synchronous Random (rejection sampling as in fairness.ts). */
export function fastRandom(hmac: FastHmac, clientSeed: string, nonce: number): Random & { blocks: () => number } {
  let cursor = 0;
  let word = 8;
  return {
    blocks: () => cursor,
    int(n) {
      const limit = 4_294_967_296 - (4_294_967_296 % n);
      for (;;) {
        if (word === 8) {
          hmac.sign(`${clientSeed}:${nonce}:${cursor++}`);
          word = 0;
        }
        const x = hmac.out[word++]! >>> 0;
        if (x < limit) return x % n;
      }
    },
  };
}
