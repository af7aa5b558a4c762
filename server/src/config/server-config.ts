import type { Limits } from '#core/api/contract.ts';
import { authLimitsFrom, type AuthLimits } from './auth-limits-config.ts';
import { namesFor, parseEnv, type RunValues } from './variables.ts';
import { mailConfigFrom, type MailConfig } from '../mail/config.ts';
import { gameConfigFrom, type GameConfig } from '../providers/games/config.ts';
import { rgConfigFrom, type RgConfig } from './rg-config.ts';
import { riskConfigFrom, type RiskConfig } from './risk-config.ts';
import { loadMarketProfile } from '../markets/market-profiles.ts';
import type { MarketProfile } from '../markets/market-profile.ts';

export { ConfigError } from './variables.ts';
import { ConfigError } from './variables.ts';

/** Everything an operator can set, read once at start. docs/configuration.md lists each variable. */
export interface ServerConfig {
  /** PORT: where the server listens (0: any free port). */
  port: number;
  /** HOST: the address it listens on. */
  host: string;
  /** DIST_DIR: the built site to serve; unset, the project's `dist/`. */
  distDir?: string;
  /** PGlite data and the key pair live here unless overridden. */
  dataDir: string;
  databaseUrl?: string;
  /** DATABASE_SCHEMA: the PostgreSQL schema (tests give each run its own). */
  databaseSchema?: string;
  /** RSA_PRIVATE_KEY_FILE and RSA_PREVIOUS_PRIVATE_KEY_FILE (a key rotation). */
  keys: { privateKeyFile?: string; previousPrivateKeyFile?: string };
  /** Whether SITE_URL was set, rather than derived from PORT (`npm start` says which). */
  siteUrlSet: boolean;
  requireEncryption: boolean;
  /** Seed the demo player at start. */
  demo: boolean;
  /** The players' currency: CURRENCY, else the market's. */
  currency: string;
  /** MARKET's rule profile (docs/markets.md) and LICENCE_NUMBER. */
  market: MarketConfig;
  limits: Limits;
  /** Share of a referred player's deposit credited to the referrer, as a decimal string. */
  referralRate: string;
  /** LIVE_HIGH_ROLLER_AMOUNT: a bet with a stake or payout above it is a high roller's in the live feed. */
  highRollerAmount: string;
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
  /** Node server limits against slow or piled-up connections (see server/src/http/listen.ts). */
  http: HttpLimits;
  /** SMTP or the outbox, and the password-reset limits. */
  mail: MailConfig;
  /** Safer gambling: cooling-off and the reality-check test interval. */
  rg: RgConfig;
  /** The risk desk: rule thresholds and alert deadlines (docs/risk.md). */
  risk: RiskConfig;
  /** The operator console (docs/operators.md). */
  operator: OperatorConfig;
  /** Days a closed account's personal data is kept before it is pseudonymised (docs/account.md). */
  accountRetentionDays: number;
  /** Days after which an account never activated is deleted (docs/account.md). */
  unactivatedAccountDays: number;
  /** Health, metrics and shutdown (docs/deploying.md). */
  ops: OpsConfig;
}

export interface MarketConfig {
  profile: MarketProfile;
  licenceNumber?: string;
  /** EXCLUSION_REGISTER_URL and _KEY: where the profile's self-exclusion register answers, and the operator's key. */
  exclusionRegister: { url?: string; key?: string };
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
  /** ADJUSTMENT_SECOND_APPROVAL: one admin's adjustments to one player above this in 24 h wait for a second admin. */
  adjustmentSecondApproval: string;
  /**
   * ADJUSTMENT_APPROVER_CHANGE_DAYS: an admin whose password, two-factor or role the requester
   * changed within this many days may not approve the requester's adjustments.
   */
  approverChangeDays: number;
}

export interface HttpLimits {
  headersTimeoutMs: number;
  /** Whole request, headers and body, including a body that never completes. */
  requestTimeoutMs: number;
  keepAliveTimeoutMs: number;
  maxConnectionsPerAddress: number;
}

/**
 * The server's settings from the environment. Every variable is parsed by the one schema in
 * `config/variables.ts` (blank means the default; an invalid value stops the start with an
 * error naming it), so nothing else in the server reads `process.env`.
 */
export function loadConfig(env: Record<string, string | undefined> = process.env): ServerConfig {
  return configFrom(parseEnv(env, namesFor('run')));
}

/** The settings, from variables already parsed. */
export function configFrom(values: RunValues): ServerConfig {
  const siteUrl = values.SITE_URL ?? `http://localhost:${values.PORT}`;
  const market: MarketConfig = {
    profile: loadMarketProfile(values.MARKET),
    licenceNumber: values.LICENCE_NUMBER,
    exclusionRegister: { url: values.EXCLUSION_REGISTER_URL, key: values.EXCLUSION_REGISTER_KEY },
  };
  // The staff's default bonus wagering multiple, like every bonus's, stays within the market's cap.
  const wageringCap = market.profile.rules.bonusWagering.maxMultiple;
  if (wageringCap !== null && values.BONUS_WAGERING_MULTIPLIER > wageringCap)
    throw new ConfigError([
      `BONUS_WAGERING_MULTIPLIER: ${values.BONUS_WAGERING_MULTIPLIER} is above the ${market.profile.code} market's ` +
        `bonus wagering cap of ${wageringCap} (docs/markets.md)`,
    ]);
  const http: HttpLimits = {
    headersTimeoutMs: values.HEADERS_TIMEOUT_SECONDS,
    requestTimeoutMs: values.REQUEST_TIMEOUT_SECONDS,
    keepAliveTimeoutMs: values.KEEP_ALIVE_TIMEOUT_SECONDS,
    maxConnectionsPerAddress: values.MAX_CONNECTIONS_PER_ADDRESS,
  };
  // Node checks both only when the request ends; a headers timeout above the request's is meaningless.
  http.headersTimeoutMs = Math.min(http.headersTimeoutMs, http.requestTimeoutMs);
  return {
    port: values.PORT,
    host: values.HOST,
    distDir: values.DIST_DIR,
    dataDir: values.DATA_DIR,
    databaseUrl: values.DATABASE_URL,
    databaseSchema: values.DATABASE_SCHEMA,
    keys: { privateKeyFile: values.RSA_PRIVATE_KEY_FILE, previousPrivateKeyFile: values.RSA_PREVIOUS_PRIVATE_KEY_FILE },
    siteUrlSet: values.SITE_URL !== undefined,
    requireEncryption: values.REQUIRE_ENCRYPTION,
    demo: values.DEMO,
    currency: values.CURRENCY ?? market.profile.currency,
    market,
    limits: {
      deposit_min: values.DEPOSIT_MIN,
      deposit_max: values.DEPOSIT_MAX,
      withdrawal_min: values.WITHDRAWAL_MIN,
      withdrawal_max: values.WITHDRAWAL_MAX,
    },
    referralRate: values.REFERRAL_RATE,
    highRollerAmount: values.LIVE_HIGH_ROLLER_AMOUNT,
    loginMaxFailures: values.LOGIN_MAX_FAILURES,
    loginWindowSeconds: values.LOGIN_WINDOW_SECONDS,
    auth: authLimitsFrom(values),
    corsOrigins: values.CORS_ORIGINS,
    games: gameConfigFrom(values),
    returnOrigins: values.RETURN_ORIGINS,
    siteUrl,
    apiUrl: values.API_URL ?? siteUrl,
    paymentExpiryMinutes: values.PAYMENT_EXPIRY_MINUTES,
    http,
    mail: mailConfigFrom(values),
    rg: rgConfigFrom(values, market.profile),
    risk: riskConfigFrom(values, market.profile),
    operator: {
      allowedIps: values.OPERATOR_ALLOWED_IPS,
      idleMinutes: 30,
      adjustmentSecondApproval: values.ADJUSTMENT_SECOND_APPROVAL,
      approverChangeDays: values.ADJUSTMENT_APPROVER_CHANGE_DAYS,
    },
    accountRetentionDays: values.ACCOUNT_RETENTION_DAYS,
    unactivatedAccountDays: values.UNACTIVATED_ACCOUNT_DAYS,
    ops: { metricsToken: values.METRICS_TOKEN, shutdownGraceMs: values.SHUTDOWN_GRACE_SECONDS },
  };
}
