import { isIP } from 'node:net';
import { toCents } from '../../src/api/money.ts';
import type { Limits } from '../../src/api/contract.ts';
import { loadAuthLimits, type AuthLimits } from './auth-limits-config.ts';
import { loadMailConfig, type MailConfig } from './mail/config.ts';
import { loadGameConfig, type GameConfig } from './providers/games/config.ts';
import { loadRgConfig, type RgConfig } from './rg-config.ts';

/** Everything an operator can set, read once at start. The README lists each variable. */
export interface ServerConfig {
  /** PGlite data and the key pair live here unless overridden. */
  dataDir: string;
  databaseUrl?: string;
  requireEncryption: boolean;
  /** Seed the demo player at start. */
  demo: boolean;
  currency: string;
  limits: Limits;
  /** Share of a referred player's deposit credited to the referrer, as a decimal string. */
  referralRate: string;
  loginMaxFailures: number;
  loginWindowSeconds: number;
  /** Sign-in, registration, password-queue and token-expiry settings. */
  auth: AuthLimits;
  /** Origins allowed to call the API from a browser when the site is hosted elsewhere. */
  corsOrigins: string[];
  /** Exact origins the demo payment page may send players back to, besides SITE_URL's. */
  returnOrigins: string[];
  /** Game provider, bet limits and bonus wagering. */
  games: GameConfig;
  /** The site's public origin: return paths resolve against it. Never taken from `Host`. */
  siteUrl: string;
  /** The API's public origin: `redirect_url`, history page links. Never taken from `Host`. */
  apiUrl: string;
  /** A pending deposit left on the payment page is cancelled after this long. */
  paymentExpiryMinutes: number;
  /** Node server limits against slow or piled-up connections (see server/src/listen.ts). */
  http: HttpLimits;
  /** SMTP or the outbox, and the password-reset limits. */
  mail: MailConfig;
  /** Safer gambling: cooling-off and the reality-check test interval. */
  rg: RgConfig;
  /** The operator console (docs/operators.md). */
  operator: OperatorConfig;
  /** Days a closed account's personal data is kept before it is pseudonymised (docs/account.md). */
  accountRetentionDays: number;
  /** Days after which an account never activated is deleted (docs/account.md). */
  unactivatedAccountDays: number;
  /** Health, metrics and shutdown (docs/deploying.md). */
  ops: OpsConfig;
}

export interface OpsConfig {
  /** METRICS_TOKEN: the bearer token `/metrics` needs; unset, only loopback may read it. */
  metricsToken?: string;
  /** SHUTDOWN_GRACE_SECONDS: how long requests in flight may take to finish after SIGTERM. */
  shutdownGraceMs: number;
}

export interface OperatorConfig {
  /** OPERATOR_ALLOWED_IPS: addresses and CIDR ranges that may open /operator; empty: any. */
  allowedIps: string[];
  /** A console session ends after this long without a request. */
  idleMinutes: number;
  /** ADJUSTMENT_SECOND_APPROVAL: a balance adjustment above this waits for a second admin. */
  adjustmentSecondApproval: string;
}

/** Each entry an IPv4 or IPv6 address, or a CIDR range such as 10.0.0.0/8 or 2001:db8::/32. */
function addressList(env: Record<string, string | undefined>, name: string): string[] {
  const entries = list(env[name]);
  for (const entry of entries) {
    const [address = '', prefix] = entry.split('/');
    const family = isIP(address);
    const bits = family === 4 ? 32 : 128;
    if (!family || (prefix !== undefined && !(/^\d{1,3}$/.test(prefix) && Number(prefix) <= bits))) {
      throw new Error(`${name} must list addresses or CIDR ranges such as 203.0.113.7, 10.0.0.0/8, got "${entry}"`);
    }
  }
  return entries;
}

export interface HttpLimits {
  headersTimeoutMs: number;
  /** Whole request, headers and body, including a body that never completes. */
  requestTimeoutMs: number;
  keepAliveTimeoutMs: number;
  maxConnectionsPerAddress: number;
}

const list = (value?: string) => (value ?? '').split(',').map((item) => item.trim()).filter(Boolean);

function money(env: Record<string, string | undefined>, name: string, fallback: string): string {
  const value = env[name] ?? fallback;
  if (toCents(value) === undefined) throw new Error(`${name} must be an amount such as ${fallback}, got "${value}"`);
  return value;
}

function whole(env: Record<string, string | undefined>, name: string, fallback: number): number {
  const value = Number(env[name] ?? fallback);
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name} must be a positive whole number`);
  return value;
}

/** An http(s) origin such as `https://play.example`; a trailing slash is tolerated, a path is not. */
function origin(env: Record<string, string | undefined>, name: string, fallback: string): string {
  const value = env[name] || fallback;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`${name} must be an origin such as https://play.example, got "${value}"`);
  }
  if (!/^https?:$/.test(url.protocol) || url.pathname !== '/' || url.search || url.hash || url.username || url.password) {
    throw new Error(`${name} must be an origin such as https://play.example (no path), got "${value}"`);
  }
  return url.origin;
}

function seconds(env: Record<string, string | undefined>, name: string, fallback: number, max = Infinity): number {
  const value = Number(env[name] ?? fallback);
  if (!Number.isFinite(value) || value <= 0 || value > max) throw new Error(`${name} must be a number of seconds above 0${max < Infinity ? ` and at most ${max}` : ''}`);
  return Math.round(value * 1000);
}

/** A token short enough to guess is refused at start rather than trusted. */
function metricsToken(value?: string): string | undefined {
  if (!value) return undefined;
  if (!/^[\x21-\x7e]{16,}$/.test(value)) throw new Error('METRICS_TOKEN must be at least 16 printable characters without spaces');
  return value;
}

export function loadConfig(env: Record<string, string | undefined> = process.env): ServerConfig {
  const referralRate = env.REFERRAL_RATE ?? '0.05';
  if (!/^(0(\.\d{1,4})?|1(\.0{1,4})?)$/.test(referralRate)) throw new Error('REFERRAL_RATE must be a decimal from 0 to 1, e.g. 0.05');
  const dataDir = env.DATA_DIR || '.data';
  const siteUrl = origin(env, 'SITE_URL', `http://localhost:${env.PORT || 4321}`);
  const http: HttpLimits = {
    headersTimeoutMs: seconds(env, 'HEADERS_TIMEOUT_SECONDS', 10, 30),
    requestTimeoutMs: seconds(env, 'REQUEST_TIMEOUT_SECONDS', 30, 30),
    keepAliveTimeoutMs: seconds(env, 'KEEP_ALIVE_TIMEOUT_SECONDS', 5),
    maxConnectionsPerAddress: whole(env, 'MAX_CONNECTIONS_PER_ADDRESS', 100),
  };
  // Node checks both only when the request ends; a headers timeout above the request's is meaningless.
  http.headersTimeoutMs = Math.min(http.headersTimeoutMs, http.requestTimeoutMs);
  return {
    dataDir,
    databaseUrl: env.DATABASE_URL || undefined,
    requireEncryption: env.REQUIRE_ENCRYPTION === '1',
    demo: env.DEMO !== '0',
    currency: env.CURRENCY || 'EUR',
    limits: {
      deposit_min: money(env, 'DEPOSIT_MIN', '10.00'),
      deposit_max: money(env, 'DEPOSIT_MAX', '10000.00'),
      withdrawal_min: money(env, 'WITHDRAWAL_MIN', '10.00'),
      withdrawal_max: money(env, 'WITHDRAWAL_MAX', '5000.00'),
    },
    referralRate,
    loginMaxFailures: whole(env, 'LOGIN_MAX_FAILURES', 5),
    loginWindowSeconds: whole(env, 'LOGIN_WINDOW_SECONDS', 900),
    auth: loadAuthLimits(env),
    corsOrigins: list(env.CORS_ORIGINS),
    games: loadGameConfig(env),
    returnOrigins: list(env.RETURN_ORIGINS).map((value) => origin({ RETURN_ORIGINS: value }, 'RETURN_ORIGINS', value)),
    siteUrl,
    apiUrl: origin(env, 'API_URL', siteUrl),
    paymentExpiryMinutes: whole(env, 'PAYMENT_EXPIRY_MINUTES', 30),
    http,
    mail: loadMailConfig(env, dataDir),
    rg: loadRgConfig(env),
    operator: {
      allowedIps: addressList(env, 'OPERATOR_ALLOWED_IPS'),
      idleMinutes: 30,
      adjustmentSecondApproval: money(env, 'ADJUSTMENT_SECOND_APPROVAL', '500.00'),
    },
    accountRetentionDays: whole(env, 'ACCOUNT_RETENTION_DAYS', 30),
    unactivatedAccountDays: whole(env, 'UNACTIVATED_ACCOUNT_DAYS', 30),
    ops: { metricsToken: metricsToken(env.METRICS_TOKEN), shutdownGraceMs: seconds(env, 'SHUTDOWN_GRACE_SECONDS', 20, 600) },
  };
}
