/**
 * The shared crash room's fairness: a published hash chain, as bustabit plays it. Isomorphic
 * (WebCrypto only), so the Verify page recomputes a game in the browser with this very code.
 *
 *   chain        h[0] = 32 secret random bytes; h[i+1] = SHA-256(h[i]) (of the 32 bytes, as the
 *                server seed's commitment in fairness.ts), up to h[N], N = 10,000,000.
 *   commitment   h[N], the terminating hash, and the salt, both published before game 1.
 *   game k       is played on h[N − k]: the chain runs backwards, so no hash can be known before the
 *                game that reveals it, and SHA-256(hash of game k) = hash of game k − 1 (the
 *                terminating hash for game 1) proves each game belongs to the committed chain.
 *   crash point  m = HMAC-SHA256(key = the game hash's bytes, message = the salt's UTF-8 text);
 *                x = the first 52 bits of m (big-endian);
 *                crash (hundredths) = max(100, floor(99 × 2^52 / (2^52 − x))).
 * It is single-player crash's formula (crash.ts) with 52 bits instead of 32, so
 * P(crash ≥ c) = floor(99 × 2^52 / c) / 2^52 for c > 100, and a cash-out at c returns 99 % up to
 * that rounding. The salt is fixed before game 1, so the operator, who knows the chain, cannot pick
 * a chain whose crash points favour the house.
 */
import { bytesToHex, hashServerSeed, hexToBytes } from './fairness.ts';

export const CRASH_CHAIN_BITS = 52n;
const TWO_52 = 1n << CRASH_CHAIN_BITS;
const GAME_HASH = /^[0-9a-f]{64}$/;

export const isGameHash = (value: unknown): value is string => typeof value === 'string' && GAME_HASH.test(value);

/** The hash of the game before this one (or the terminating hash, for game 1). */
export const previousGameHash = (gameHash: string): Promise<string> => hashServerSeed(gameHash);

/** The crash point in hundredths from the first 52 bits of the game's HMAC. */
export function crashPointFromBits(x: bigint): number {
  if (x < 0n || x >= TWO_52) throw new RangeError('x must be a 52-bit integer');
  const hundredths = (99n * TWO_52) / (TWO_52 - x);
  return hundredths < 100n ? 100 : Number(hundredths);
}

/** A game's crash point (hundredths) from its hash and the chain's published salt. */
export async function crashPointOfGame(gameHash: string, salt: string): Promise<number> {
  if (!isGameHash(gameHash)) throw new TypeError('A game hash is 64 lowercase hex digits');
  const key = await crypto.subtle.importKey('raw', hexToBytes(gameHash), { name: 'HMAC', hash: 'SHA-256' }, false, [
    'sign',
  ]);
  const mac = new Uint8Array(await crypto.subtle.sign('HMAC', key, new TextEncoder().encode(salt)));
  return crashPointFromBits(BigInt(`0x${bytesToHex(mac.subarray(0, 7))}`) >> 4n);
}

export interface RevealedGame {
  hash: string;
  /** Hundredths, as the server recorded it. */
  crash: number;
}

export type GameCheck = 'ok' | 'bad_hash' | 'not_in_chain' | 'wrong_crash_point';

/**
 * Checks one revealed game: its hash leads to the hash before it (`before`: the previous game's
 * hash, or the terminating hash for game 1) and its recorded crash point is the formula's.
 */
export async function checkRevealedGame(game: RevealedGame, before: string, salt: string): Promise<GameCheck> {
  if (!isGameHash(game.hash) || !isGameHash(before)) return 'bad_hash';
  if ((await previousGameHash(game.hash)) !== before) return 'not_in_chain';
  return (await crashPointOfGame(game.hash, salt)) === game.crash ? 'ok' : 'wrong_crash_point';
}
