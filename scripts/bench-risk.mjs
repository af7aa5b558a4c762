// The risk desk's planted data set (issue 42, docs/risk.md): 5,000 players and about 100,000 ledger rows
// over 30 days, every deposit and withdrawal fed through the risk rules' entry point (recordRiskEvent,
// which the payment, withdrawal and wallet services call) so the rules run incrementally, plus the
// planted cases: a deposit/withdraw cycler, 40 heavy players re-depositing within minutes of an empty
// balance, one passport file uploaded by 122 accounts (through submitVerification, the upload's service)
// and 36 accounts on one network. Checks each planted case is flagged, then times the alerts page.
//
//   node scripts/bench-risk.mjs                                 (embedded PGlite, a temp folder)
//   DATABASE_URL=postgres://… node scripts/bench-risk.mjs       (its own schema, dropped after)
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApp } from '../server/src/app.ts';
import { hashToken } from '../server/src/http/auth.ts';
import { manualClock } from '../server/src/base/clock.ts';
import { loadConfig } from '../server/src/config/server-config.ts';
import { openDatabase } from '../server/src/db/open.ts';
import { seed } from '../server/src/db/seed.ts';
import { createMailer } from '../server/src/mail/mailer.ts';
import { PasswordQueue } from '../server/src/services/password-queue.ts';
import { parseEnv } from '../server/src/config/variables.ts';
import { recordRiskEvent } from '../server/src/services/risk/risk-events.ts';
import { submitVerification } from '../server/src/services/verifications.ts';
import { linkedAccounts } from '../server/src/operator/services/linked-accounts.ts';

const { DATABASE_URL: databaseUrl } = parseEnv(process.env, ['DATABASE_URL']);
const dataDir = mkdtempSync(join(tmpdir(), 'amber-bench-risk-'));
const schema = databaseUrl ? `bench_risk_${randomBytes(4).toString('hex')}` : undefined;
const config = loadConfig({ DEMO: '0', DATA_DIR: dataDir, ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) });
const db = await openDatabase({ databaseUrl, dataDir: join(dataDir, 'db'), schema });
const rules = config.risk;
// A fixed moment, moved by the script: the run never depends on today's date.
const clock = manualClock(new Date('2026-03-01T00:00:00Z'));
const began = performance.now();
const seconds = () => ((performance.now() - began) / 1000).toFixed(1);
const PLAYERS = 5000;
const failures = [];

/** The one row a statement answers, as the script reads it. */
const one = async (/** @type {string} */ sql, /** @type {unknown[]} */ params = []) =>
  /** @type {any} */ ((await db.query(sql, params))[0]);

/** The rows a statement answers, as the script reads them. */
const rowsOf = async (
  /** @type {import('../server/src/db/database.ts').Queryable} */ q,
  /** @type {string} */ sql,
  /** @type {unknown[]} */ params,
) => /** @type {any[]} */ (await q.query(sql, params));

/** A money movement as the services write it: its transaction, its ledger row, and the risk event, together. */
async function movement(
  /** @type {number} */ userId,
  /** @type {'deposit' | 'withdrawal'} */ type,
  /** @type {string} */ amount,
  /** @type {Date} */ at,
) {
  return db.transaction(async (tx) => {
    const signed = type === 'deposit' ? amount : `-${amount}`;
    const [item] = await rowsOf(
      tx,
      `INSERT INTO transactions (user_id, type, amount, status, method, destination, template, created_at)
       VALUES ($1, $2, $3, $4, 'card', $5, $2, $6) RETURNING id`,
      [
        userId,
        type,
        signed,
        type === 'deposit' ? 'completed' : 'pending',
        type === 'deposit' ? null : '•••• 4242',
        at.toISOString(),
      ],
    );
    await tx.query(
      `INSERT INTO ledger (user_id, account, amount, transaction_id, created_at) VALUES ($1, 'cash', $2, $3, $4)`,
      [userId, signed, item.id, at.toISOString()],
    );
    // The balance follows the money where it covers it (the rapid re-deposit rule reads it).
    await tx.query('UPDATE users SET balance = balance + $2::numeric WHERE id = $1 AND balance + $2::numeric >= 0', [
      userId,
      signed,
    ]);
    await recordRiskEvent(
      tx,
      type === 'deposit'
        ? { kind: 'deposit', rules, userId, paymentId: `bench-${item.id}`, amount, now: at }
        : // To a card: the destination rule compares no cards (their last four digits only), as the service writes it.
          {
            kind: 'withdrawal',
            rules,
            userId,
            withdrawalId: item.id,
            amount,
            method: 'card',
            destination: '4242',
            now: at,
          },
    );
  });
}

/** A lost round as the wallet settles it: the stake debited, then the round event with the balance left. */
async function lostRound(/** @type {number} */ userId, /** @type {string} */ stake, /** @type {Date} */ at) {
  return db.transaction(async (tx) => {
    const [item] = await rowsOf(
      tx,
      `INSERT INTO transactions (user_id, type, amount, status, template, created_at)
       VALUES ($1, 'game', -$2::numeric, 'completed', 'games.history_round', $3) RETURNING id`,
      [userId, stake, at.toISOString()],
    );
    await tx.query(
      `INSERT INTO ledger (user_id, account, amount, transaction_id, created_at)
       VALUES ($1, 'cash', -$2::numeric, $3, $4)`,
      [userId, stake, item.id, at.toISOString()],
    );
    const [{ balance }] = await rowsOf(
      tx,
      'UPDATE users SET balance = balance - $2::numeric WHERE id = $1 RETURNING balance::text',
      [userId, stake],
    );
    await recordRiskEvent(tx, { kind: 'round', rules, userId, stake, win: '0.00', balance, now: at });
  });
}

/** Runs `work` over `items`, `width` at a time. */
async function pooled(
  /** @type {any[]} */ items,
  /** @type {number} */ width,
  /** @type {(item: any) => Promise<void>} */ work,
) {
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < items.length) await work(items[next++]);
    }),
  );
}

try {
  await seed(db, config, clock);
  const start = clock();
  await db.query(
    `INSERT INTO users (email, username, first_name, password_hash, currency, referral_code, date_joined, activated_at,
       signup_ip)
     SELECT 'risk' || i || '@example.test', 'risk_' || i, 'Bench', 'x', 'EUR', 'RISK' || i, $1, $1,
       CASE WHEN i <= 36 THEN '198.51.100.7' ELSE '10.' || (i / 250) || '.' || (i % 250) || '.1' END
     FROM generate_series(1, ${PLAYERS}) i`,
    [start.toISOString()],
  );
  const { first } = await one("SELECT min(id)::int AS first FROM users WHERE email LIKE 'risk%@example.test'");
  const id = (/** @type {number} */ n) => first + n - 1;
  // Background: rounds as bulk rows (a bet and a win each), 37,500 rounds over 30 days.
  await db.query(
    `WITH t AS (INSERT INTO transactions (user_id, type, amount, status, template, created_at)
       SELECT $1 + 200 + i % ($3 - 200), 'game', (0.5 + i % 40) - (1 + i % 20), 'completed', 'games.history_round',
         $2::timestamptz + (i % 30) * interval '1 day' + (i % 86000) * interval '1 second'
       FROM generate_series(1, 37500) i RETURNING id, user_id, amount, created_at)
     INSERT INTO ledger (user_id, account, amount, transaction_id, created_at)
       SELECT user_id, 'cash', -1, id, created_at FROM t
       UNION ALL SELECT user_id, 'cash', amount + 1, id, created_at FROM t`,
    [first, start.toISOString(), PLAYERS],
  );
  // Background money: 15,000 deposits and 9,000 withdrawals of ordinary players, each through the rules.
  /** @type {[number, 'deposit' | 'withdrawal', string, Date][]} */
  const background = [];
  for (let i = 0; i < 24000; i++) {
    const at = new Date(start.getTime() + (i % 30) * 86_400_000 + (i % 86000) * 1000);
    const user = id(201 + ((i * 7) % (PLAYERS - 200)));
    background.push([user, i < 15000 ? 'deposit' : 'withdrawal', `${10 + (i % 90)}.50`, at]);
  }
  background.sort((a, b) => a[3].getTime() - b[3].getTime());
  await pooled(background, databaseUrl ? 8 : 1, ([user, type, amount, at]) => movement(user, type, amount, at));
  console.log(`${db.kind}: background generated and fed through the rules in ${seconds()} s`);

  // Planted 1: the cycler deposits 1,075.00 eight times and withdraws it each time without playing (€8,600).
  const cycler = id(100);
  for (let n = 0; n < 8; n++) {
    const at = new Date(start.getTime() + n * 3 * 86_400_000);
    await movement(cycler, 'deposit', '1075.00', at);
    await movement(cycler, 'withdrawal', '1075.00', new Date(at.getTime() + 3_600_000));
  }
  // Planted 2: 40 heavy players; on one day each empties the balance and re-deposits within 10 minutes, 4 times.
  const heavy = Array.from({ length: 40 }, (_, n) => id(101 + n));
  await pooled(heavy, 8, async (user) => {
    const day = start.getTime() + 5 * 86_400_000;
    await movement(user, 'deposit', '20.00', new Date(day));
    for (let n = 1; n <= 4; n++) {
      const zero = new Date(day + n * 3 * 3_600_000);
      await lostRound(user, '20.00', zero);
      await movement(user, 'deposit', '20.00', new Date(zero.getTime() + (1 + n) * 60_000));
    }
  });
  // Planted 3: one passport file (the specimen) uploaded by 122 accounts through the upload's service.
  const specimen = new Uint8Array(2048).map((_, n) => (n * 31 + 7) % 256);
  specimen.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  const sharers = Array.from({ length: 122 }, (_, n) => id(141 + n));
  for (const [n, user] of sharers.entries())
    await submitVerification(db, {
      userId: user,
      documentType: 'passport',
      files: [{ side: 'front', mime: 'image/png', content: specimen }],
      now: new Date(start.getTime() + 10 * 86_400_000 + n * 60_000),
    });
  await db.query('ANALYZE');
  const { ledger } = await one('SELECT count(*)::int AS ledger FROM ledger');
  const { alerts } = await one('SELECT count(*)::int AS alerts FROM risk_alerts');
  console.log(`${db.kind}: ${PLAYERS} players, ${ledger} ledger rows, ${alerts} alerts in ${seconds()} s`);

  // Every planted case flagged.
  const flagged = async (/** @type {number[]} */ users, /** @type {string} */ rule) =>
    (
      await one('SELECT count(DISTINCT user_id)::int AS n FROM risk_alerts WHERE rule_id = $1 AND user_id = ANY($2)', [
        rule,
        users,
      ])
    ).n;
  const check = (/** @type {string} */ what, /** @type {number} */ got, /** @type {number} */ want) => {
    console.log(`${got === want ? 'ok  ' : 'FAIL'} ${what}: ${got} of ${want}`);
    if (got !== want) failures.push(what);
  };
  check('cycler flagged aml.cycling', await flagged([cycler], 'aml.cycling'), 1);
  check('cycler flagged aml.deposits_no_sof', await flagged([cycler], 'aml.deposits_no_sof'), 1);
  check('heavy players flagged harm.rapid_redeposit', await flagged(heavy, 'harm.rapid_redeposit'), 40);
  check('passport sharers flagged link.shared_document', await flagged(sharers, 'link.shared_document'), 122);
  const network = (await linkedAccounts(db, id(1))).filter((row) => row.link === 'address').length;
  check('the network group shown as linked accounts on a member’s risk panel', network, 35);

  // The alerts page, as staff open it the day after the generated month.
  clock.advance(31 * 86_400);
  const now = clock().toISOString();
  const { staff } = await one(
    `INSERT INTO staff (email, role, password_hash, must_change_password, created_at)
     VALUES ('bench-risk@example.test', 'risk', 'x', false, $1) RETURNING id AS staff`,
    [now],
  );
  const token = randomBytes(32).toString('hex');
  await db.query(
    `INSERT INTO staff_sessions (key_hash, staff_id, stage, csrf_token, created_at, last_used_at)
     VALUES ($1, $2, 'active', 'csrf', $3, $3)`,
    [hashToken(token), staff, now],
  );
  const services = {
    db,
    config,
    privateKeys: [generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey],
    clock,
    passwords: new PasswordQueue(2, 10),
    mailer: createMailer(config.mail, () => {}),
  };
  const app = createApp({ distDir: '/nonexistent-dist', services, log: () => {} });
  const timed = async (/** @type {string} */ path, runs = 7) => {
    /** @type {number[]} */
    const times = [];
    for (let i = 0; i <= runs; i++) {
      const t = performance.now();
      const response = await app.request(path, { headers: { cookie: `operator_session=${token}` } });
      const text = await response.text();
      if (response.status !== 200) throw new Error(`${path}: ${response.status} ${text.slice(0, 300)}`);
      if (i > 0) times.push(performance.now() - t);
    }
    times.sort((a, b) => a - b);
    const median = times[Math.floor(times.length / 2)] ?? 0;
    console.log(
      `${path}: median ${median.toFixed(0)} ms, max ${Math.max(...times).toFixed(0)} ms (${runs} runs after a warm-up)`,
    );
    return median;
  };
  const page = await timed('/operator/risk/alerts');
  await timed('/operator/risk/alerts?severity=high&rule=link.shared_document');
  await timed(`/operator/players/${cycler}`);
  if (page >= 500) failures.push('alerts page under 500 ms');
  console.log(
    `RESULT ${db.kind} ledger_rows=${ledger} alerts=${alerts} alerts_page_median_ms=${page.toFixed(0)} ` +
      `total_s=${seconds()} ${failures.length ? `FAILED: ${failures.join('; ')}` : 'all planted cases flagged'}`,
  );
  if (failures.length) process.exitCode = 1;
} finally {
  if (schema) await db.query(`DROP SCHEMA ${schema} CASCADE`);
  await db.close();
  rmSync(dataDir, { recursive: true, force: true });
}
