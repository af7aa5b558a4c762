import type { Queryable } from '../db/database.ts';

/**
 * "Download my data" (GDPR articles 15 and 20): everything stored about one player, as one JSON
 * document written piece by piece. Small sections are one query each; the long histories
 * (transactions, game rounds, ledger) are read in pages of PAGE rows by keyset, so a player with
 * a million rounds streams in constant memory. Every query names the player's id: no other
 * player's row can appear. Money stays a decimal string, times are ISO 8601 in UTC.
 */
const PAGE = 500;

/** The sections, in the order of the file; `format_version` comes first. */
export const EXPORT_SECTIONS = [
  'profile',
  'consents',
  'limits',
  'sessions',
  'two_factor',
  'verifications',
  'payments',
  'withdrawals',
  'transactions',
  'bonuses',
  'game_rounds',
  'resumed_games',
  'ledger',
  'notifications',
  'referrals',
] as const;

const one = async (db: Queryable, sql: string, userId: number) =>
  (await db.query<Record<string, unknown>>(sql, [userId]))[0] ?? null;
const all = (db: Queryable, sql: string, userId: number) => db.query<Record<string, unknown>>(sql, [userId]);

/** Rows of `sql` (which takes $1 = user id, $2 = last key, ends in ORDER BY key LIMIT $3), page by page. */
async function* pages(
  db: Queryable,
  sql: string,
  userId: number,
  first: unknown,
): AsyncGenerator<Record<string, unknown>> {
  let after = first;
  for (;;) {
    const rows = await db.query<Record<string, unknown> & { _key: unknown }>(sql, [userId, after, PAGE]);
    for (const { _key, ...row } of rows) yield row;
    if (rows.length < PAGE) return;
    after = rows[rows.length - 1]!._key;
  }
}

type Section = () => Promise<unknown> | AsyncGenerator<Record<string, unknown>>;

function sections(db: Queryable, userId: number): Record<(typeof EXPORT_SECTIONS)[number], Section> {
  return {
    profile: () =>
      one(
        db,
        `SELECT id, email, username, first_name, last_name, to_char(date_of_birth, 'YYYY-MM-DD') AS date_of_birth,
          locale, time_zone, currency,
                 balance::text AS balance, bonus_balance::text AS bonus_balance, loyalty_points, referral_code,
                 date_joined, activated_at
               FROM users WHERE id = $1`,
        userId,
      ),
    consents: () =>
      one(
        db,
        'SELECT terms_accepted_at, date_of_birth IS NOT NULL AS adult_confirmed FROM users WHERE id = $1',
        userId,
      ),
    limits: async () => ({
      ...(await one(
        db,
        'SELECT reality_check_minutes, time_out_until, self_excluded_until FROM users WHERE id = $1',
        userId,
      )),
      limits: await all(
        db,
        `SELECT kind, period, amount::text AS amount, pending_amount::text AS pending_amount, pending_at
                              FROM rg_limits WHERE user_id = $1 ORDER BY kind, period`,
        userId,
      ),
    }),
    sessions: () =>
      all(
        db,
        'SELECT id, created_at, last_used_at, device, ip FROM auth_tokens WHERE user_id = $1 ORDER BY created_at',
        userId,
      ),
    two_factor: async () => ({
      enabled: !!(await one(db, 'SELECT 1 FROM two_factor WHERE user_id = $1 AND confirmed_at IS NOT NULL', userId)),
    }),
    verifications: () =>
      all(
        db,
        `SELECT id, document_type, status, reason, submitted_at, reviewed_at
          FROM identity_verifications
          WHERE user_id = $1
          ORDER BY submitted_at`,
        userId,
      ),
    payments: () =>
      all(
        db,
        `SELECT id, amount::text AS amount, currency, method, status, created_at, completed_at, expires_at
               FROM payments WHERE user_id = $1 ORDER BY created_at, id`,
        userId,
      ),
    withdrawals: () =>
      all(
        db,
        `SELECT id, (-amount)::text AS amount, status, method, destination, created_at, decided_at
               FROM transactions WHERE user_id = $1 AND type = 'withdrawal' ORDER BY id`,
        userId,
      ),
    transactions: () =>
      pages(
        db,
        `SELECT id AS _key, id, type, amount::text AS amount, status, method, destination, template, params, created_at
                 FROM transactions WHERE user_id = $1 AND id > $2 ORDER BY id LIMIT $3`,
        userId,
        0,
      ),
    bonuses: async () => ({
      ...(await one(
        db,
        'SELECT bonus_balance::text AS bonus_balance, bonus_wagered::text AS wagered FROM users WHERE id = $1',
        userId,
      )),
      history: await all(
        db,
        `SELECT id, amount::text AS amount, status, template, created_at FROM transactions
                              WHERE user_id = $1 AND type = 'bonus' ORDER BY id`,
        userId,
      ),
    }),
    game_rounds: () =>
      pages(
        db,
        `SELECT to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US') || '|' || id AS _key, id, game_id,
          mode,
                   stake::text AS stake, win::text AS win, currency, bet, outcome, client_seed, nonce,
                   server_seed_hash, created_at
                 FROM game_rounds WHERE user_id = $1
                   AND to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US') || '|' || id > $2
                 ORDER BY 1 LIMIT $3`,
        userId,
        '',
      ),
    // Unfinished games the player resumed (the CA-ON log, docs/markets.md), kept in every market.
    resumed_games: () =>
      all(
        db,
        'SELECT game_id, session_id, round_id, resumed_at FROM game_resumptions WHERE user_id = $1 ORDER BY id',
        userId,
      ),
    ledger: () =>
      pages(
        db,
        `SELECT id AS _key, id, account, amount::text AS amount, transaction_id, created_at
                 FROM ledger WHERE user_id = $1 AND id > $2 ORDER BY id LIMIT $3`,
        userId,
        0,
      ),
    notifications: () =>
      all(
        db,
        `SELECT n.id, n.template, n.params, n.created_at, (n.read OR r.user_id IS NOT NULL) AS read
               FROM notifications n LEFT JOIN notification_reads r ON r.notification_id = n.id AND r.user_id = n.user_id
               WHERE n.user_id = $1 ORDER BY n.id`,
        userId,
      ),
    referrals: async () => ({
      referred_by_code:
        ((
          await one(
            db,
            'SELECT r.referral_code FROM users u JOIN users r ON r.id = u.referred_by WHERE u.id = $1',
            userId,
          )
        )?.referral_code as string | undefined) ?? null,
      invited: Number((await one(db, 'SELECT count(*)::int AS n FROM users WHERE referred_by = $1', userId))!.n),
    }),
  };
}

const isStream = (value: unknown): value is AsyncGenerator<Record<string, unknown>> =>
  typeof value === 'object' && value !== null && Symbol.asyncIterator in value;

/** The export as chunks of JSON text (`exported_at` from services.clock). */
export async function* exportChunks(db: Queryable, userId: number, exportedAt: Date): AsyncGenerator<string> {
  yield `{"format_version":1,"exported_at":${JSON.stringify(exportedAt.toISOString())}`;
  const all = sections(db, userId);
  for (const name of EXPORT_SECTIONS) {
    const value = await all[name]();
    if (!isStream(value)) {
      yield `,\n${JSON.stringify(name)}:${JSON.stringify(value)}`;
      continue;
    }
    yield `,\n${JSON.stringify(name)}:[`;
    let first = true;
    let batch = '';
    for await (const row of value) {
      batch += (first ? '\n' : ',\n') + JSON.stringify(row);
      first = false;
      if (batch.length > 64_000) {
        yield batch;
        batch = '';
      }
    }
    yield `${batch}]`;
  }
  yield '}\n';
}

/** The chunks as a byte stream, pulled as the client reads (backpressure: nothing runs ahead). */
export function exportStream(
  db: Queryable,
  userId: number,
  exportedAt: Date,
  onError: (error: unknown) => void,
): ReadableStream<Uint8Array> {
  const chunks = exportChunks(db, userId, exportedAt);
  const encoder = new TextEncoder();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const next = await chunks.next();
        if (next.done) controller.close();
        else controller.enqueue(encoder.encode(next.value));
      } catch (error) {
        onError(error);
        controller.error(error);
      }
    },
    async cancel() {
      await chunks.return(undefined);
    },
  });
}
