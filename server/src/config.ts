import { toCents } from '../../src/api/money.ts';
import type { Limits } from '../../src/api/contract.ts';
import { loadAuthLimits, type AuthLimits } from './auth-limits-config.ts';
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
  /** Origins the demo payment page may send players back to, besides this server's own. */
  returnOrigins: string[];
  /** Game provider, bet limits and bonus wagering. */
  games: GameConfig;
  /** Safer gambling: cooling-off and the reality-check test interval. */
  rg: RgConfig;
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

export function loadConfig(env: Record<string, string | undefined> = process.env): ServerConfig {
  const referralRate = env.REFERRAL_RATE ?? '0.05';
  if (!/^(0(\.\d{1,4})?|1(\.0{1,4})?)$/.test(referralRate)) throw new Error('REFERRAL_RATE must be a decimal from 0 to 1, e.g. 0.05');
  return {
    dataDir: env.DATA_DIR || '.data',
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
    returnOrigins: list(env.RETURN_ORIGINS),
    games: loadGameConfig(env),
    rg: loadRgConfig(env),
  };
}
