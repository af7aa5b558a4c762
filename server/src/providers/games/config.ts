import { toCents } from '../../../../src/api/money.ts';

/** The game provider's and the wallet's settings (docs/configuration.md). */
export interface GameConfig {
  minBet: string;
  maxBet: string;
  /** How long a launched game session lives. */
  sessionHours: number;
  /** The origin game pages are served from, for launch URLs and frame-src; from configuration only. */
  providerOrigin: string;
  /** The site's public origin (SITE_URL, else the local default). */
  siteOrigin: string;
  /** True when GAME_PROVIDER_ORIGIN puts the provider on its own origin. */
  separateProvider: boolean;
  /** Real-money stakes needed to release a bonus, as a multiple of the bonus. */
  bonusWageringMultiplier: number;
}

function amount(env: Record<string, string | undefined>, name: string, fallback: string): string {
  const value = env[name] ?? fallback;
  const cents = toCents(value);
  if (cents === undefined || cents === 0n) throw new Error(`${name} must be a positive amount such as ${fallback}, got "${value}"`);
  return value;
}

function positive(env: Record<string, string | undefined>, name: string, fallback: number, max: number): number {
  const value = Number(env[name] ?? fallback);
  if (!Number.isInteger(value) || value < 1 || value > max) throw new Error(`${name} must be a whole number from 1 to ${max}`);
  return value;
}

function origin(value: string, name: string): string {
  try {
    const url = new URL(value);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error();
    return url.origin;
  } catch {
    throw new Error(`${name} must be an http(s) origin such as https://games.example.com, got "${value}"`);
  }
}

function localOrigin(host: string | undefined, port: string | undefined): string {
  const name = !host || host === '0.0.0.0' || host === '::' ? 'localhost' : host.includes(':') ? `[${host}]` : host;
  return `http://${name}:${port || 4321}`;
}

export function loadGameConfig(env: Record<string, string | undefined>): GameConfig {
  const minBet = amount(env, 'GAME_MIN_BET', '0.10');
  const maxBet = amount(env, 'GAME_MAX_BET', '100.00');
  if (toCents(minBet)! > toCents(maxBet)!) throw new Error('GAME_MIN_BET must not exceed GAME_MAX_BET');
  // The provider is this server unless it is hosted apart; the site's public origin (SITE_URL) is
  // then where it answers. Without SITE_URL: where `npm start` listens (HOST, PORT), so a local
  // run frames its games from its own origin.
  const siteOrigin = origin(env.SITE_URL || localOrigin(env.HOST, env.PORT), 'SITE_URL');
  return {
    minBet,
    maxBet,
    sessionHours: positive(env, 'GAME_SESSION_HOURS', 4, 24 * 7),
    providerOrigin: env.GAME_PROVIDER_ORIGIN ? origin(env.GAME_PROVIDER_ORIGIN, 'GAME_PROVIDER_ORIGIN') : siteOrigin,
    siteOrigin,
    separateProvider: Boolean(env.GAME_PROVIDER_ORIGIN),
    bonusWageringMultiplier: positive(env, 'BONUS_WAGERING_MULTIPLIER', 10, 1000),
  };
}
