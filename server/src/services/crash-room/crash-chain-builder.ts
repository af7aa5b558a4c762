import { createHash, randomBytes } from 'node:crypto';

/**
 * Builds the shared crash room's hash chain (core/games/crash-chain.ts has the scheme) without
 * keeping ten million hashes: it keeps every `spacing`-th link as a checkpoint, and a game's hash
 * is then at most `spacing − 1` SHA-256 steps from the checkpoint below it (10,000 steps take a
 * few milliseconds). The checkpoints are secrets — any one of them gives away every game after
 * it — so whoever stores them seals them (services/secret-box.ts).
 */
export interface CrashChain {
  /** h[N], published before game 1. */
  terminating: string;
  length: number;
  spacing: number;
  /** checkpoints[i] = h[i × spacing], hex. */
  checkpoints: string[];
}

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest();

/** Links hashed between two yields to the event loop: a 10,000,000-link chain takes seconds of CPU. */
const LINKS_PER_SLICE = 50_000;
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * A new chain of `length` links from a random (or given, for tests) 32-byte h[0]. It yields to the
 * event loop between slices, so a node building one keeps answering requests.
 */
export async function buildCrashChain(
  length: number,
  spacing: number,
  first: Buffer = randomBytes(32),
): Promise<CrashChain> {
  if (!Number.isInteger(length) || length < 1) throw new RangeError('A chain has at least one link');
  if (!Number.isInteger(spacing) || spacing < 1) throw new RangeError('Checkpoint spacing is a positive integer');
  if (first.length !== 32) throw new RangeError('h[0] is 32 bytes');
  const checkpoints: string[] = [];
  let link = first;
  for (let index = 0; index < length; index++) {
    if (index % spacing === 0) checkpoints.push(link.toString('hex'));
    link = sha256(link);
    if (index % LINKS_PER_SLICE === LINKS_PER_SLICE - 1) await nextTurn();
  }
  return { terminating: link.toString('hex'), length, spacing, checkpoints };
}

/** The hash game `game` (1 … length) is played on: h[length − game]. */
export function crashGameHash(chain: CrashChain, game: number): string {
  if (!Number.isInteger(game) || game < 1 || game > chain.length) throw new RangeError('No such game in this chain');
  const index = chain.length - game;
  const below = Math.floor(index / chain.spacing);
  let link = Buffer.from(chain.checkpoints[below]!, 'hex');
  for (let step = below * chain.spacing; step < index; step++) link = sha256(link);
  return link.toString('hex');
}
