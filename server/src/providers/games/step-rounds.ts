import { randomUUID } from 'node:crypto';
import { fromCents, toCents } from '#core/api/money.ts';
import type { SeedPair } from '#core/games/fairness.ts';
import {
  applyAction,
  checkStepBet,
  expireRound,
  isStepMechanic,
  replayOn,
  stepView,
  STEP_MECHANICS,
  type StepAction,
  type StepBet,
  type StepMechanic,
  type StepRound,
} from '#core/games/steps.ts';
import { stepGame } from '#core/games/registry.ts';
import type { StepRoundView } from '#core/games/protocol.ts';
import type { Services } from '../../app-env.ts';
import type { Queryable } from '../../db/database.ts';
import { Conflict, Gone, InvalidRequest, NotFound } from '../../base/domain-errors.ts';
import type { Locale } from '../../base/i18n.ts';
import { walletRaise, walletWin } from '../../services/wallet.ts';
import type { GameSession } from './sessions.ts';
import { checkLimits, checkStake, insufficientFunds, placeRealStake, sessionBalance } from './stakes.ts';

/**
 * Multi-step rounds (blackjack, mines, crash). A round is its bet and its recorded actions; each
 * action replays the round on its provably-fair stream (core/games/steps.ts) and appends itself.
 *   open    one transaction: the stake (wallet bet, or play money), the nonce, the round row
 *           (state 'open'); a round that ends at the deal (a blackjack) settles in it too.
 *   action  one transaction under the round's row lock (FOR UPDATE), so actions on one round play
 *           one after another; an action_id already recorded answers the round as it is (a double
 *           click or a second tab plays nothing twice). A double or a split takes its extra
 *           stake (loss limit checked under the player's lock) in the same transaction.
 *   settle  exactly one wallet `win` per round (0.00 included), in the transaction of the last action.
 *   expiry  an open round of an expired session is finished by its game's published rule.
 */

export interface StepRoundResponse {
  round: StepRoundView;
  balance: string;
}

interface StepRow {
  id: string;
  session_id: string;
  user_id: number | null;
  mode: 'real' | 'demo';
  mechanic: StepMechanic;
  state: 'open' | 'settled';
  nonce: number;
  client_seed: string;
  server_seed_hash: string;
  bet: StepBet;
  actions: StepAction[];
  stake: string;
  win: string;
  created_at: Date;
}

const STEP_COLUMNS = `r.id, r.session_id, r.user_id, r.mode, g.mechanic, r.state, r.nonce, r.client_seed,
  r.server_seed_hash, r.bet, r.actions, r.stake::text, r.win::text, r.created_at`;

const elapsedOf = (services: Services, row: { created_at: Date }) =>
  Math.max(0, services.clock().getTime() - new Date(row.created_at).getTime());

/**
 * The round's seed pair: the session's active server seed (a session with an open round cannot rotate), else a revealed
 * one.
 */
async function pairOf(tx: Queryable, row: StepRow): Promise<SeedPair> {
  const [seed] = await tx.query<{ server_seed: string }>(
    `SELECT server_seed FROM game_sessions WHERE id = $1 AND server_seed_hash = $2
     UNION ALL SELECT server_seed FROM game_seed_reveals WHERE server_seed_hash = $2 LIMIT 1`,
    [row.session_id, row.server_seed_hash],
  );
  return { serverSeed: seed!.server_seed, clientSeed: row.client_seed, nonce: row.nonce };
}

export function stepRoundView(
  row: Pick<StepRow, 'id' | 'state' | 'nonce' | 'client_seed' | 'server_seed_hash' | 'bet' | 'actions' | 'created_at'>,
  round: StepRound,
  elapsed: number,
): StepRoundView {
  return {
    id: row.id,
    round_id: row.id,
    state: round.finished ? 'settled' : 'open',
    actions: round.actions,
    view: stepView(round, elapsed),
    bet: row.bet as unknown as Record<string, unknown>,
    stake: fromCents(round.stake),
    win: round.finished ? fromCents(round.payout) : null,
    nonce: row.nonce,
    client_seed: row.client_seed,
    server_seed_hash: row.server_seed_hash,
    history: row.actions,
    created_at: new Date(row.created_at).toISOString(),
  };
}

/** Moves play money (demo) by `delta`; undefined when the balance would go below 0. */
async function demoMove(tx: Queryable, sessionId: string, delta: bigint): Promise<string | undefined> {
  const [row] = await tx.query<{ balance: string }>(
    `UPDATE game_sessions SET demo_balance = demo_balance + $2::numeric
      WHERE id = $1 AND demo_balance + $2::numeric >= 0
      RETURNING demo_balance::text AS balance`,
    [sessionId, fromCents(delta)],
  );
  return row?.balance;
}

/** The one `win` of a round (0.00 included) and its row marked settled; answers the balance. */
async function settle(
  services: Pick<Services, 'clock' | 'config' | 'db'>,
  tx: Queryable,
  session: Pick<GameSession, 'id' | 'user_id' | 'game_id' | 'mode' | 'currency'>,
  row: Pick<StepRow, 'id'>,
  round: StepRound,
): Promise<string> {
  let balance: string;
  if (session.mode === 'demo') balance = (await demoMove(tx, session.id, round.payout))!;
  else {
    const settled = await walletWin(
      tx,
      {
        transactionId: `win:${row.id}`,
        userId: session.user_id!,
        roundId: row.id,
        amount: fromCents(round.payout),
        betTransactionId: `bet:${row.id}`,
        now: services.clock(),
      },
      {
        wageringMultiplier: services.config.games.bonusWageringMultiplier,
        risk: services.config.risk,
        races: { node: services.db, gameId: session.game_id },
        currency: session.currency,
        limitAlertPercents: services.config.rg.limitAlertPercents,
      },
    );
    if (settled.status !== 'ok') throw new Error(`Round ${row.id} could not be settled`);
    balance = settled.balance;
  }
  await tx.query(
    `UPDATE game_rounds
        SET state = 'settled', win = $2::numeric, stake = $3::numeric, outcome = $4::jsonb, settled_at = $5
      WHERE id = $1`,
    [
      row.id,
      fromCents(round.payout),
      fromCents(round.stake),
      JSON.stringify(stepView(round)),
      services.clock().toISOString(),
    ],
  );
  return balance;
}

/** Opens a round: stake, nonce and round in one transaction (settled at once if the deal ends it). */
export async function openStepRound(
  services: Services,
  session: GameSession,
  input: unknown,
): Promise<StepRoundResponse> {
  const mechanic = session.mechanic as StepMechanic;
  const checked = checkStepBet(mechanic, input);
  if ('problem' in checked) throw new InvalidRequest(`games.${checked.problem}`);
  checkLimits(services, session, checked, session.locale as Locale);
  const { bet, stake } = checked;
  const roundId = randomUUID();
  return services.db.transaction(async (tx) => {
    // The session's row lock (the nonce) orders opens: one open round per session.
    const [pair] = await tx.query<{
      nonce: number;
      server_seed: string;
      server_seed_hash: string;
      client_seed: string;
    }>(
      `UPDATE game_sessions SET nonce = nonce + 1 WHERE id = $1 AND expires_at > $2
       RETURNING nonce, server_seed, server_seed_hash, client_seed`,
      [session.id, services.clock().toISOString()],
    );
    if (!pair) throw new Gone('games.session_expired');
    const [open] = await tx.query(`SELECT 1 FROM game_rounds WHERE session_id = $1 AND state = 'open'`, [session.id]);
    if (open) throw new Conflict('games.round_open');
    let balance: string;
    let historyId: number | null = null;
    if (session.mode === 'demo') {
      const moved = await demoMove(tx, session.id, -toCents(stake)!);
      if (moved === undefined) throw insufficientFunds(session, await sessionBalance(tx, session));
      balance = moved;
    } else {
      const placed = await placeRealStake(services, tx, session, roundId, stake);
      balance = placed.balance;
      historyId = placed.historyId;
    }
    const round = await replayOn(
      { serverSeed: pair.server_seed, clientSeed: pair.client_seed, nonce: pair.nonce },
      mechanic,
      bet,
      [],
    );
    const [row] = await tx.query<{ created_at: Date }>(
      `INSERT INTO game_rounds (id, session_id, user_id, player, game_id, mode, nonce, client_seed, server_seed_hash,
        bet, outcome, stake, win, currency, transaction_id, created_at, state)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10::jsonb, '{}'::jsonb, $11::numeric, 0, $12, $13, $14, 'open')
       RETURNING created_at`,
      [
        roundId,
        session.id,
        session.user_id,
        session.mode === 'real' ? (session.username ?? '') : '',
        session.game_id,
        session.mode,
        pair.nonce,
        pair.client_seed,
        pair.server_seed_hash,
        JSON.stringify(bet),
        stake,
        session.currency,
        historyId,
        services.clock().toISOString(),
      ],
    );
    if (round.finished) balance = await settle(services, tx, session, { id: roundId }, round);
    const view = stepRoundView(
      {
        id: roundId,
        state: 'open',
        nonce: pair.nonce,
        client_seed: pair.client_seed,
        server_seed_hash: pair.server_seed_hash,
        bet,
        actions: [],
        created_at: row!.created_at,
      },
      round,
      0,
    );
    return { round: view, balance };
  });
}

async function lockRound(tx: Queryable, session: GameSession, roundId: string): Promise<StepRow> {
  const [row] = /^[0-9a-f-]{36}$/.test(roundId)
    ? await tx.query<StepRow>(
        `SELECT ${STEP_COLUMNS} FROM game_rounds r JOIN games g ON g.id = r.game_id
          WHERE r.id = $1 AND r.session_id = $2 FOR UPDATE OF r`,
        [roundId, session.id],
      )
    : [];
  if (!row || !isStepMechanic(row.mechanic)) throw new NotFound('games.round_unknown');
  return row;
}

const sameAction = (a: StepAction, b: Omit<StepAction, 'elapsed_ms'>) =>
  a.action === b.action && (a.cell ?? null) === (b.cell ?? null);

/** Plays one action on an open round (see the module comment). */
export async function playAction(
  services: Services,
  session: GameSession,
  roundId: string,
  parsed: Omit<StepAction, 'elapsed_ms'>,
): Promise<StepRoundResponse> {
  const mechanic = session.mechanic as StepMechanic;
  if (!isStepMechanic(mechanic)) throw new NotFound('games.round_unknown');
  return services.db.transaction(async (tx) => {
    const row = await lockRound(tx, session, roundId);
    const pair = await pairOf(tx, row);
    const elapsed = elapsedOf(services, row);
    const repeat = row.actions.find((recorded) => recorded.action_id === parsed.action_id);
    if (repeat) {
      if (!sameAction(repeat, parsed)) throw new Conflict('games.action_conflict');
      const round = await replayOn(pair, mechanic, row.bet, row.actions);
      return { round: stepRoundView(row, round, elapsed), balance: await sessionBalance(tx, session) };
    }
    if (row.state !== 'open') throw new Conflict('games.round_finished');
    // A game on the server's clock (crash) is told when, by the server, each action came.
    const action: StepAction = stepGame(mechanic).clock ? { ...parsed, elapsed_ms: elapsed } : parsed;
    let extra = 0n;
    const round = await replayOn(pair, mechanic, row.bet, row.actions, (state) => {
      const result = applyAction(mechanic, state, action);
      if (!result.ok) throw new InvalidRequest('games.action_invalid');
      extra = result.extra;
    });
    const actions = [...row.actions, action];
    let balance: string | undefined;
    if (extra > 0n) {
      if (session.mode === 'demo') {
        balance = await demoMove(tx, session.id, -extra);
        if (balance === undefined) throw insufficientFunds(session, await sessionBalance(tx, session));
      } else {
        await checkStake(services, tx, session, extra);
        const raised = await walletRaise(tx, {
          transactionId: `raise:${row.id}:${actions.length}`,
          userId: session.user_id!,
          roundId: row.id,
          amount: fromCents(extra),
          betTransactionId: `bet:${row.id}`,
          now: services.clock(),
        });
        if (raised.status !== 'ok') throw insufficientFunds(session, raised.balance);
        balance = raised.balance;
      }
    }
    await tx.query('UPDATE game_rounds SET actions = $2::jsonb, stake = $3::numeric WHERE id = $1', [
      row.id,
      JSON.stringify(actions),
      fromCents(round.stake),
    ]);
    if (round.finished) balance = await settle(services, tx, session, row, round);
    return {
      round: stepRoundView({ ...row, actions }, round, elapsed),
      balance: balance ?? (await sessionBalance(tx, session)),
    };
  });
}

/**
 * A round as it is now: a crash round whose end time has passed is settled by its auto rule
 * first (the page polls this while the multiplier rises).
 */
export async function currentRound(
  services: Services,
  session: GameSession,
  roundId: string,
): Promise<StepRoundResponse> {
  return services.db.transaction(async (tx) => {
    const row = await lockRound(tx, session, roundId);
    return { round: await refreshed(services, tx, session, row), balance: await sessionBalance(tx, session) };
  });
}

async function refreshed(
  services: Services,
  tx: Queryable,
  session: GameSession,
  row: StepRow,
): Promise<StepRoundView> {
  const pair = await pairOf(tx, row);
  const elapsed = elapsedOf(services, row);
  let round = await replayOn(pair, row.mechanic, row.bet, row.actions);
  const clock = stepGame(row.mechanic).clock;
  if (row.state === 'open' && clock && elapsed >= clock.endsAt(round.state)) {
    const action: StepAction = { action_id: 'auto', action: 'settle', elapsed_ms: elapsed };
    round = await replayOn(pair, row.mechanic, row.bet, row.actions, (state) =>
      applyAction(row.mechanic, state, action),
    );
    const actions = [...row.actions, action];
    await tx.query('UPDATE game_rounds SET actions = $2::jsonb WHERE id = $1', [row.id, JSON.stringify(actions)]);
    await settle(services, tx, session, row, round);
    return stepRoundView({ ...row, actions }, round, elapsed);
  }
  return stepRoundView(row, round, elapsed);
}

/** The session's open round, if any (settling a crash round that ended meanwhile). */
export async function openRoundOf(services: Services, session: GameSession): Promise<StepRoundView | null> {
  if (!isStepMechanic(session.mechanic)) return null;
  return services.db.transaction(async (tx) => {
    const [row] = await tx.query<StepRow>(
      `SELECT ${STEP_COLUMNS} FROM game_rounds r JOIN games g ON g.id = r.game_id
        WHERE r.session_id = $1 AND r.state = 'open' FOR UPDATE OF r`,
      [session.id],
    );
    if (!row) return null;
    const view = await refreshed(services, tx, session, row);
    return view.state === 'open' ? view : null;
  });
}

/**
 * Finishes the open multi-step rounds of ended sessions (expired, or whose sign-in ended) by each
 * game's published rule (blackjack: stand; mines: cash out what is revealed; crash: the auto
 * cash-out target if the crash point reached it, else lost), recording an `expire` action. `scope`
 * limits it to one session or one player; run when an expired session is used, at every launch,
 * before a closure, exclusion, time-out or suspension (services/open-rounds.ts), and by
 * housekeeping (services/round-sweep.ts).
 */
export async function settleExpiredRounds(
  services: Pick<Services, 'db' | 'clock' | 'config'>,
  scope: { sessionId?: string; userId?: number } = {},
): Promise<number> {
  const { db } = services;
  const ids = await db.query<{ id: string }>(
    `SELECT r.id FROM game_rounds r JOIN game_sessions s ON s.id = r.session_id JOIN games g ON g.id = r.game_id
     WHERE r.state = 'open' AND g.mechanic = ANY($2::text[])
       AND ($3::text IS NULL OR r.session_id = $3) AND ($4::integer IS NULL OR r.user_id = $4)
       AND (s.expires_at <= $1 OR (s.mode = 'real' AND NOT EXISTS (SELECT 1 FROM auth_tokens t
         WHERE t.key_hash = s.auth_token_hash)))`,
    [services.clock().toISOString(), STEP_MECHANICS, scope.sessionId ?? null, scope.userId ?? null],
  );
  for (const { id } of ids) {
    await db.transaction(async (tx) => {
      const [row] = await tx.query<StepRow & { currency: string; game_id: string }>(
        `SELECT ${STEP_COLUMNS}, r.currency, r.game_id FROM game_rounds r JOIN games g ON g.id = r.game_id
          WHERE r.id = $1 AND r.state = 'open' FOR UPDATE OF r`,
        [id],
      );
      if (!row) return;
      const pair = await pairOf(tx, row);
      const action: StepAction = { action_id: 'expire', action: 'expire' };
      const round = await replayOn(pair, row.mechanic, row.bet, row.actions, (state) =>
        expireRound(row.mechanic, state),
      );
      const actions = [...row.actions, action];
      await tx.query('UPDATE game_rounds SET actions = $2::jsonb WHERE id = $1', [row.id, JSON.stringify(actions)]);
      await settle(
        services,
        tx,
        { id: row.session_id, user_id: row.user_id, game_id: row.game_id, mode: row.mode, currency: row.currency },
        row,
        round,
      );
    });
  }
  return ids.length;
}
