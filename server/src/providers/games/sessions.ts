import { randomBytes } from 'node:crypto';
import type { GameMode } from '#core/api/contract.ts';
import type { Locale } from '#core/i18n/locales.ts';
import type { GameMechanic } from '#core/games/mechanics.ts';
import { hashServerSeed } from '#core/games/fairness.ts';
import type {
  FairnessState,
  GameBet,
  GameOutcome,
  GameSessionState,
  RoundView,
  SeedRotation,
} from '#core/games/protocol.ts';
import type { Services } from '../../app-env.ts';
import type { Queryable } from '../../db/database.ts';
import { Conflict, Gone, NotFound } from '../../base/domain-errors.ts';
import { isStepMechanic } from '#core/games/steps.ts';
import { gameMinBet } from '#core/games/registry.ts';
import { randomGameSeeds, type GameSeeds } from './game-seeds.ts';
import { sessionBalance } from './stakes.ts';
import { openRoundOf, settleExpiredRounds } from './step-rounds.ts';
import { minimumCycleMs } from '../../services/markets/market-rules.ts';

/** Play money per demo session. */
export const DEMO_CREDITS = '1000.00';
const RECENT_ROUNDS = 20;

export interface GameSession {
  id: string;
  user_id: number | null;
  game_id: string;
  game_name: string;
  provider: string;
  mechanic: GameMechanic;
  mode: GameMode;
  currency: string;
  locale: string;
  expires_at: Date;
  /** The player's name for the winners feed (masked there); null in demo. */
  username: string | null;
}

/** The provider's seed source: the CSPRNG, unless a test built the services with a pinned one. */
const seedsOf = (services: Services): GameSeeds => services.gameSeeds ?? randomGameSeeds;

export async function createSession(
  services: Services,
  launch: { userId: number | null; gameId: string; mode: GameMode; currency: string; locale: string },
): Promise<string> {
  const id = randomBytes(20).toString('hex');
  // Demo sessions are anonymous and cheap to open: expired ones (with their play-money rounds) go
  // as new ones come. Real sessions stay, their rounds are the player's record.
  if (launch.mode === 'demo') {
    await services.db.query(`DELETE FROM game_sessions WHERE mode = 'demo' AND expires_at < $1`, [
      services.clock().toISOString(),
    ]);
  }
  const { serverSeed, nextServerSeed: nextSeed, clientSeed } = seedsOf(services).session();
  const created = services.clock();
  // A real session that has ended can play no more rounds on its seed: the seed is revealed when
  // the player opens the game again, so every round of theirs in the game's history can be
  // verified (a session with a round still open waits until that round is settled).
  if (launch.mode === 'real' && launch.userId !== null) {
    await services.db.query(
      `INSERT INTO game_seed_reveals (server_seed_hash, server_seed, revealed_at, session_id)
       SELECT s.server_seed_hash, s.server_seed, $3, s.id FROM game_sessions s
        WHERE s.user_id = $1 AND s.game_id = $2 AND s.mode = 'real' AND s.expires_at <= $3
          AND NOT EXISTS (SELECT 1 FROM game_rounds r WHERE r.session_id = s.id AND r.state = 'open')
       ON CONFLICT DO NOTHING`,
      [launch.userId, launch.gameId, created.toISOString()],
    );
  }
  const expires = new Date(created.getTime() + services.config.games.sessionHours * 3_600_000);
  await services.db.query(
    `INSERT INTO game_sessions (id, user_id, game_id, mode, currency, locale, demo_balance, server_seed,
      server_seed_hash, client_seed, created_at, expires_at,
                                next_server_seed, next_server_seed_hash)
     VALUES ($1, $2, $3, $4, $5, $6, $7::numeric, $8, $9, $10, $11, $12, $13, $14)`,
    [
      id,
      launch.userId,
      launch.gameId,
      launch.mode,
      launch.currency,
      launch.locale,
      launch.mode === 'demo' ? DEMO_CREDITS : null,
      serverSeed,
      await hashServerSeed(serverSeed),
      clientSeed,
      created.toISOString(),
      expires.toISOString(),
      nextSeed,
      await hashServerSeed(nextSeed),
    ],
  );
  return id;
}

/** The session, or 404 (unknown) / 410 (expired), in the session's own language when known. */
export async function loadSession(
  services: Services,
  id: string,
  setLocale: (locale: string) => void,
): Promise<GameSession> {
  const [session] = /^[0-9a-f]{40}$/.test(id)
    ? await services.db.query<GameSession>(
        `SELECT s.id, s.user_id, s.game_id, g.name AS game_name, g.provider, g.mechanic, s.mode, s.currency, s.locale,
          s.expires_at, u.username,
              (s.mode = 'real' AND NOT EXISTS (SELECT 1 FROM auth_tokens t WHERE t.key_hash = s.auth_token_hash)) AS
              signed_out
       FROM game_sessions s JOIN games g ON g.id = s.game_id LEFT JOIN users u ON u.id = s.user_id WHERE s.id = $1`,
        [id],
      )
    : [];
  if (!session) throw new NotFound('games.session_unknown');
  setLocale(session.locale);
  if (new Date(session.expires_at).getTime() <= services.clock().getTime()) {
    // A round left open is finished by its game's rule, never forfeited silently.
    await settleExpiredRounds(services, { sessionId: session.id });
    throw new Gone('games.session_expired');
  }
  // The sign-in that launched a real session ended (sign-out, password change…): so did the session.
  if ((session as GameSession & { signed_out?: boolean }).signed_out) throw new Gone('games.session_expired');
  return session;
}

interface RoundRow {
  id: string;
  nonce: number;
  client_seed: string;
  server_seed_hash: string;
  server_seed: string | null;
  bet: GameBet;
  outcome: GameOutcome;
  stake: string;
  win: string;
  created_at: Date;
  actions?: RoundView['actions'];
}

export const ROUND_COLUMNS = `
  r.id, r.nonce, r.client_seed, r.server_seed_hash, v.server_seed,
  r.bet, r.outcome, r.stake::text, r.win::text, r.created_at, r.actions`;
export const ROUND_FROM = 'game_rounds r LEFT JOIN game_seed_reveals v ON v.server_seed_hash = r.server_seed_hash';

export function roundView(row: RoundRow): RoundView {
  return {
    round_id: row.id,
    nonce: row.nonce,
    client_seed: row.client_seed,
    server_seed_hash: row.server_seed_hash,
    ...(row.server_seed ? { server_seed: row.server_seed } : {}),
    bet: row.bet,
    outcome: row.outcome,
    stake: row.stake,
    win: row.win,
    created_at: new Date(row.created_at).toISOString(),
    ...(row.actions?.length ? { actions: row.actions } : {}),
  };
}

export async function sessionState(services: Services, session: GameSession): Promise<GameSessionState> {
  const { db, config } = services;
  const openRound = await openRoundOf(services, session);
  const fairness = await fairnessOf(services, session.id);
  // Real money: the player's latest rounds of this game from all their sessions (the game's
  // history, each verifiable once its seed is revealed); demo: this session's.
  const rounds =
    session.mode === 'real' && session.user_id !== null
      ? await db.query<RoundRow>(
          `SELECT ${ROUND_COLUMNS} FROM ${ROUND_FROM}
        WHERE r.session_id IN (SELECT id FROM game_sessions WHERE user_id = $1 AND game_id = $2 AND mode = 'real') AND
        r.state = 'settled'
        ORDER BY r.created_at DESC, r.nonce DESC LIMIT $3`,
          [session.user_id, session.game_id, RECENT_ROUNDS],
        )
      : await db.query<RoundRow>(
          `SELECT ${ROUND_COLUMNS} FROM ${ROUND_FROM}
            WHERE r.session_id = $1 AND r.state = 'settled'
            ORDER BY r.created_at DESC, r.nonce DESC LIMIT $2`,
          [session.id, RECENT_ROUNDS],
        );
  return {
    session_id: session.id,
    game: { id: session.game_id, name: session.game_name, provider: session.provider, mechanic: session.mechanic },
    mode: session.mode,
    locale: session.locale,
    currency: session.currency,
    balance: await sessionBalance(db, session),
    min_bet: gameMinBet(session.mechanic, session.game_id, config.games.minBet),
    max_bet: config.games.maxBet,
    expires_at: new Date(session.expires_at).toISOString(),
    fairness,
    rounds: rounds.map(roundView),
    ...(isStepMechanic(session.mechanic) ? { open_round: openRound } : {}),
    forbidden_features: [...config.market.profile.rules.forbiddenFeatures.features],
    minimum_round_seconds: minimumCycleMs(config.market.profile, session.mechanic) / 1000,
    odds_at_stake: config.market.profile.rules.oddsAtStake?.shown ?? false,
  };
}

/**
 * The active pair and the commitment to the next server seed. Sessions opened before the next
 * seed existed get one here, before the player can choose a client seed for it.
 */
async function fairnessOf(services: Services, sessionId: string): Promise<FairnessState> {
  const { db } = services;
  const read = () =>
    db.query<FairnessState & { next_server_seed_hash: string | null }>(
      'SELECT server_seed_hash, next_server_seed_hash, client_seed, nonce FROM game_sessions WHERE id = $1',
      [sessionId],
    );
  let [row] = await read();
  if (!row!.next_server_seed_hash) {
    const seed = seedsOf(services).nextServerSeed();
    await db.query(
      `UPDATE game_sessions SET next_server_seed = $2, next_server_seed_hash = $3
        WHERE id = $1 AND next_server_seed IS NULL`,
      [sessionId, seed, await hashServerSeed(seed)],
    );
    [row] = await read();
  }
  return {
    server_seed_hash: row!.server_seed_hash,
    next_server_seed_hash: row!.next_server_seed_hash!,
    client_seed: row!.client_seed,
    nonce: row!.nonce,
  };
}

/**
 * Reveals the current server seed and starts a new pair (fresh server seed, the player's client
 * seed, nonce 0). The row lock orders it against rounds reserving a nonce.
 */
export async function rotateSeeds(services: Services, session: GameSession, clientSeed: string): Promise<SeedRotation> {
  await fairnessOf(services, session.id);
  const following = seedsOf(services).nextServerSeed();
  const followingHash = await hashServerSeed(following);
  return services.db.transaction(async (tx) => {
    const [old] = await tx.query<{
      server_seed: string;
      server_seed_hash: string;
      client_seed: string;
      nonce: number;
      next_server_seed: string;
      next_server_seed_hash: string;
    }>(
      `SELECT server_seed, server_seed_hash, client_seed, nonce, next_server_seed, next_server_seed_hash
         FROM game_sessions WHERE id = $1 FOR UPDATE`,
      [session.id],
    );
    // A multi-step round in play still needs its server seed secret.
    const [open] = await tx.query(`SELECT 1 FROM game_rounds WHERE session_id = $1 AND state = 'open'`, [session.id]);
    if (open) throw new Conflict('games.round_open');
    await tx.query(
      `INSERT INTO game_seed_reveals (server_seed_hash, server_seed, revealed_at, session_id)
       VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING`,
      [old!.server_seed_hash, old!.server_seed, services.clock().toISOString(), session.id],
    );
    // The committed next seed becomes active; a new one is committed for the rotation after.
    await tx.query(
      `UPDATE game_sessions
          SET server_seed = $2, server_seed_hash = $3, client_seed = $4, nonce = 0,
              next_server_seed = $5, next_server_seed_hash = $6
        WHERE id = $1`,
      [session.id, old!.next_server_seed, old!.next_server_seed_hash, clientSeed, following, followingHash],
    );
    const { server_seed, server_seed_hash, client_seed, nonce } = old!;
    return {
      revealed: { server_seed, server_seed_hash, client_seed, nonce },
      fairness: {
        server_seed_hash: old!.next_server_seed_hash,
        next_server_seed_hash: followingHash,
        client_seed: clientSeed,
        nonce: 0,
      },
    };
  });
}

/**
 * The launch's locale; undefined for an unknown session (the game page's script then says so, in the request's
 * language).
 */
export async function sessionLocale(db: Queryable, id: string): Promise<Locale | undefined> {
  const [row] = await db.query<{ locale: Locale }>('SELECT locale FROM game_sessions WHERE id = $1', [id]);
  return row?.locale;
}
