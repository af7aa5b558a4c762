import type { Services } from '../../app-env.ts';
import { open, seal } from '../secret-box.ts';
import { buildCrashChain, crashGameHash, type CrashChain } from './crash-chain-builder.ts';

/** Every 10,000th link is kept: a game's hash is then at most 9,999 SHA-256 steps away. */
const CHECKPOINT_SPACING = 10_000;

export interface RoomChain {
  id: number;
  salt: string;
  chain: CrashChain;
}

type ChainServices = Pick<Services, 'db' | 'config' | 'privateKeys' | 'clock'>;

interface ChainRow {
  id: number;
  terminating_hash: string;
  salt: string;
  length: number;
  spacing: number;
  checkpoints_box: string;
}

// One chain per currency and database, read once per process: its checkpoints never change.
const cache = new WeakMap<object, Map<string, Promise<RoomChain>>>();

/** The chain of a row; sealed under a previous RSA key (a rotation), it is sealed again under the current one. */
async function fromRow(services: ChainServices, row: ChainRow): Promise<RoomChain> {
  const opened = open(services.privateKeys, row.checkpoints_box);
  if (!opened) throw new Error(`The crash room chain ${row.id} cannot be opened with this server's keys`);
  if (opened.stale)
    await services.db.query('UPDATE crash_chains SET checkpoints_box = $2 WHERE id = $1', [
      row.id,
      seal(services.privateKeys, opened.plain),
    ]);
  const checkpoints = JSON.parse(opened.plain) as string[];
  return {
    id: row.id,
    salt: row.salt,
    chain: { terminating: row.terminating_hash, length: row.length, spacing: row.spacing, checkpoints },
  };
}

const readChain = (services: ChainServices, currency: string) =>
  services.db.query<ChainRow>(
    `SELECT id, terminating_hash, salt, length, spacing, checkpoints_box FROM crash_chains WHERE currency = $1`,
    [currency],
  );

/**
 * The currency's chain, built and committed on first use. Two nodes building at once each make
 * one, and the first to insert wins (the unique currency); the other reads that one.
 */
async function loadOrBuild(services: ChainServices, currency: string): Promise<RoomChain> {
  const [stored] = await readChain(services, currency);
  if (stored) return fromRow(services, stored);
  const { chainLength, salt } = services.config.games.crashRoom;
  const chain = await buildCrashChain(chainLength, CHECKPOINT_SPACING);
  await services.db.query(
    `INSERT INTO crash_chains (currency, terminating_hash, salt, length, spacing, checkpoints_box, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (currency) DO NOTHING`,
    [
      currency,
      chain.terminating,
      salt,
      chain.length,
      chain.spacing,
      seal(services.privateKeys, JSON.stringify(chain.checkpoints)),
      services.clock().toISOString(),
    ],
  );
  const [row] = await readChain(services, currency);
  return fromRow(services, row!);
}

export function roomChain(services: ChainServices, currency: string): Promise<RoomChain> {
  let chains = cache.get(services.db);
  if (!chains) cache.set(services.db, (chains = new Map()));
  let chain = chains.get(currency);
  if (!chain) {
    chain = loadOrBuild(services, currency);
    chains.set(currency, chain);
    // A failed build is not remembered: the next tick tries again.
    chain.catch(() => chains.delete(currency));
  }
  return chain;
}

export const roomGameHash = (room: RoomChain, game: number) => crashGameHash(room.chain, game);
