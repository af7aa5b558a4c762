/**
 * Integration harness: the real Hono app, a real database of its own (in-memory PGlite loaded from the
 * run's migrated snapshot, or PostgreSQL in a throwaway schema when DATABASE_URL is set; see
 * fixtures/test-database.ts), the run's RSA key pair, and bodies encrypted with WebCrypto exactly as
 * the browser's `core/api/envelope.ts` does.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { encryptJson, importPublicKey } from '../../core/api/envelope.ts';
import { normalizeEmail } from '../../core/api/validation.ts';
import { COUNTRY_CODES } from '../../core/geo/countries.ts';
import type { MarketProfile } from '../../server/src/markets/market-profile.ts';
import { createApp } from '../../server/src/app.ts';
import type { Services } from '../../server/src/app-env.ts';
import { systemClock, type Clock } from '../../server/src/base/clock.ts';
import { loadConfig } from '../../server/src/config/server-config.ts';
import { createMailer } from '../../server/src/mail/mailer.ts';
import { seed } from '../../server/src/db/seed.ts';
import { addTransaction } from '../../server/src/services/history.ts';
import { credit, ledgerMismatches } from '../../server/src/services/ledger.ts';
import { newLink } from '../../server/src/services/link-tokens.ts';
import { PasswordQueue } from '../../server/src/services/password-queue.ts';
import { startStandInRegister } from '../../server/src/ops/exclusion-register-stand-in.ts';
import { runKeyPair } from './fixtures/key-pair.ts';
import { openTestDatabase } from './fixtures/test-database.ts';

export { newKeyPair } from './fixtures/key-pair.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a reply is JSON the tests read by field and assert
export interface Reply<T = any> {
  status: number;
  body: T;
  headers: Headers;
}

export interface RequestOptions {
  body?: unknown;
  token?: string;
  /** `true` (default): `{e_data}` as the browser sends it; `false`: plain JSON; a string: sent as is. */
  encrypt?: boolean;
  raw?: string;
  /** A multipart body (the identity document upload), sent as is: fetch sets its Content-Type. */
  form?: FormData;
  headers?: Record<string, string>;
}

/** Every test registers from one address, so the per-address registration limit is lifted unless a test sets it. */
/**
 * The crash room stays off unless a test asks for it: its first run builds a 10,000,000-link chain,
 * about 12 s of CPU per server (tests/api/crash-room.test.ts drives it itself).
 */
const TEST_ENV = { DEMO: '0', REGISTER_MAX_PER_ADDRESS: '1000000', DEMO_MAX_PER_ADDRESS: '1000000', CRASH_ROOM: '0' };

/** What sign-up needs besides the credentials: an adult's date of birth and the accepted terms. */
export const ADULT = { date_of_birth: '1990-04-12', accept_terms: true } as const;

export async function createTestApi(env: Record<string, string> = {}, { clock = systemClock }: { clock?: Clock } = {}) {
  // Mail without SMTP_URL goes to DATA_DIR/outbox: a directory of this run, never the project's .data.
  // The market's self-exclusion register: a real stand-in on loopback, listing nobody until a test lists someone.
  const register = await startStandInRegister();
  const config = loadConfig({
    ...TEST_ENV,
    EXCLUSION_REGISTER_URL: register.url,
    DATA_DIR: join(tmpdir(), `amber-api-${randomBytes(6).toString('hex')}`),
    ...env,
  });
  const database = await openTestDatabase();
  const { db } = database;
  await seed(db, config, clock);
  const keys = runKeyPair();
  const passwords = new PasswordQueue(config.auth.passwordConcurrency, config.auth.passwordQueueMax);
  const logs: string[] = [];
  const mailer = createMailer(config.mail, (line) => logs.push(line));
  const services: Services = { db, config, privateKeys: [keys.privateKey], clock, passwords, mailer };
  const app = createApp({ distDir: '/nonexistent-dist', services, log: (line) => logs.push(line) });
  const publicKey = await importPublicKey(keys.spki);

  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- as Reply: the tests assert the shape they read
  async function request<T = any>(method: string, path: string, options: RequestOptions = {}): Promise<Reply<T>> {
    const headers: Record<string, string> = { ...options.headers };
    if (options.token) headers.authorization = `Token ${options.token}`;
    let body: string | FormData | undefined = options.form ?? options.raw;
    if (options.body !== undefined) {
      const json = JSON.stringify(options.body);
      body = options.encrypt === false ? json : JSON.stringify({ e_data: await encryptJson(json, publicKey) });
    }
    if (typeof body === 'string') headers['content-type'] ??= 'application/json';
    const response = await app.request(path, { method, headers, body });
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      // Not JSON (a page or an empty body): keep the text.
    }
    return { status: response.status, body: parsed as T, headers: response.headers };
  }

  /** The id of the account with this (normalized) email; registration's answer carries none. */
  async function idOf(email: string): Promise<number> {
    const [row] = await db.query<{ id: number }>('SELECT id FROM users WHERE email = $1', [normalizeEmail(email)]);
    expect(row, `no account for ${email}`).toBeTruthy();
    return row!.id;
  }

  /**
   * Activates the account through the real endpoint, with a link made by the server's own code
   * (the mailed one is read in the tests of activation itself; here mail may go anywhere).
   */
  async function activate(email: string) {
    const link = new URL(await newLink(services, db, 'activation', { id: await idOf(email), locale: 'en' }));
    const params = new URLSearchParams(link.hash.slice(1));
    const res = await request('POST', '/auth/users/activation/', {
      body: { uid: params.get('uid'), token: params.get('token') },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(204);
  }

  /** Registers (any body, headers) and activates: for tests about what comes after sign-up. */
  async function registerActive(body: Record<string, unknown>, headers: Record<string, string> = {}) {
    const registered = await request('POST', '/auth/users/', { body: { ...ADULT, ...body }, headers });
    expect(registered.status, JSON.stringify(registered.body)).toBe(201);
    await activate(String(body.email));
    return { ...registered, id: await idOf(String(body.email)) };
  }

  let counter = 0;
  /**
   * Marks a player verified as staff would: a reviewed submission straight in the
   * database, since approving belongs to the operator console. Withdrawals need it.
   */
  async function verify(userId: number) {
    await db.query(
      `INSERT INTO identity_verifications (id, user_id, document_type, status, submitted_at, reviewed_at) ` +
        `VALUES ($1, $2, 'passport', 'verified', $3, $3)`,
      [randomUUID(), userId, services.clock().toISOString()],
    );
  }

  /**
   * Registers, activates and signs in a fresh player; `balance` is credited through the ledger; `verified` may
   * withdraw; `marketingConsent` ticks the registration form's offers box.
   */
  async function player(
    options: { balance?: string; ref?: string; verified?: boolean; marketingConsent?: boolean } = {},
  ) {
    counter += 1;
    const tag = `${randomBytes(3).toString('hex')}${counter}`;
    const credentials = {
      email: `player_${tag}@example.test`,
      username: `player_${tag}`,
      password: 'correct-horse-battery',
    };
    const { id } = await registerActive({
      ...credentials,
      country: residentCountry(config.market.profile),
      ...requiredDepositLimit(config.market.profile),
      ...(options.ref ? { ref: options.ref } : {}),
      ...(options.marketingConsent ? { marketing_consent: true } : {}),
    });
    const login = await request('POST', '/auth/token/login/', {
      body: { email: credentials.email, password: credentials.password },
    });
    expect(login.status).toBe(200);
    if (options.balance) {
      await db.transaction(async (tx) => {
        const now = services.clock();
        const item = await addTransaction(tx, {
          userId: id,
          type: 'bonus',
          amount: options.balance!,
          status: 'completed',
          template: 'bonus',
          createdAt: now,
        });
        await credit(tx, id, 'cash', options.balance!, item.id, now);
      });
    }
    if (options.verified) await verify(id);
    return { id, ...credentials, token: login.body.auth_token as string };
  }

  async function close() {
    await mailer.settled();
    await database.close();
    await register.close();
  }

  return {
    app,
    db,
    config,
    keys,
    publicKey,
    services,
    mailer,
    logs,
    request,
    player,
    verify,
    idOf,
    activate,
    registerActive,
    register,
    close,
  };
}

export type TestApi = Awaited<ReturnType<typeof createTestApi>>;

/**
 * One API per test file, with the ledger invariant checked after every test:
 * each balance equals the sum of its ledger rows.
 */
/** A country the market's licence covers: the players the harness makes live there. */
export function residentCountry({ residence }: MarketProfile): string {
  if (residence.countries !== 'any') return residence.countries[0]!;
  return COUNTRY_CODES.find((code) => !residence.blocked.includes(code))!;
}

/** Where the market requires a deposit limit at sign-up (NL, DE): its ceiling for an adult (the harness's players). */
export function requiredDepositLimit({ rules: { depositLimits } }: MarketProfile) {
  if (depositLimits.atRegistration !== 'required') return {};
  return { deposit_limit: { amount: depositLimits.monthlyMax ?? '1000.00', period: 'month' } };
}

export function useTestApi(env: Record<string, string> = {}, options: { clock?: Clock } = {}) {
  const holder = {} as { api: TestApi };
  beforeAll(async () => {
    holder.api = await createTestApi(env, options);
    // PGlite starts in seconds, but far slower when the machine is busy: a start-up is not what these tests measure.
  }, 120_000);
  afterEach(async () => {
    expect(await ledgerMismatches(holder.api.db)).toEqual([]);
  });
  afterAll(async () => {
    await holder.api?.close();
  });
  return holder;
}

/** The player's balance straight from the database. */
export async function balanceOf(api: TestApi, userId: number): Promise<string> {
  const [row] = await api.db.query<{ balance: string }>('SELECT balance::text FROM users WHERE id = $1', [userId]);
  return row!.balance;
}
