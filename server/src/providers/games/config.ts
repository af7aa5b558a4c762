import { toCents } from '#core/api/money.ts';
import type { RunValues } from '../../config/variables.ts';
import { ConfigError } from '../../config/variables.ts';

/** The game provider's and the wallet's settings (docs/configuration.md). */
export interface GameConfig {
  minBet: string;
  maxBet: string;
  /** How long a launched game session lives. */
  sessionHours: number;
  /** ROUND_SWEEP_SECONDS: how often open rounds of ended sessions are settled. */
  roundSweepMs: number;
  /** How long the operator waits for a third-party provider's answer (services/provider-client). */
  providerCallTimeoutMs: number;
  /** The origin game pages are served from, for launch URLs and frame-src; from configuration only. */
  providerOrigin: string;
  /** The site's public origin (SITE_URL, else the local default). */
  siteOrigin: string;
  /** True when GAME_PROVIDER_ORIGIN puts the provider on its own origin. */
  separateProvider: boolean;
  /** Real-money stakes needed to release a bonus, as a multiple of the bonus. */
  bonusWageringMultiplier: number;
  /** The shared crash room (docs/multiplayer-crash.md). */
  crashRoom: { enabled: boolean; bettingMs: number; chainLength: number; salt: string };
}

function localOrigin(host: string, port: number): string {
  const name = host === '0.0.0.0' || host === '::' ? 'localhost' : host.includes(':') ? `[${host}]` : host;
  return `http://${name}:${port}`;
}

/** The game settings, from variables already parsed (config/variables.ts). */
export function gameConfigFrom(values: RunValues): GameConfig {
  if (toCents(values.GAME_MIN_BET)! > toCents(values.GAME_MAX_BET)!)
    throw new ConfigError(['GAME_MIN_BET must not exceed GAME_MAX_BET']);
  // The provider is this server unless it is hosted apart; the site's public origin (SITE_URL) is
  // then where it answers. Without SITE_URL: where `npm start` listens (HOST, PORT), so a local
  // run frames its games from its own origin.
  const siteOrigin = values.SITE_URL ?? localOrigin(values.HOST, values.PORT);
  return {
    minBet: values.GAME_MIN_BET,
    maxBet: values.GAME_MAX_BET,
    sessionHours: values.GAME_SESSION_HOURS,
    roundSweepMs: values.ROUND_SWEEP_SECONDS,
    providerCallTimeoutMs: values.PROVIDER_CALL_TIMEOUT_SECONDS,
    providerOrigin: values.GAME_PROVIDER_ORIGIN ?? siteOrigin,
    siteOrigin,
    separateProvider: values.GAME_PROVIDER_ORIGIN !== undefined,
    bonusWageringMultiplier: values.BONUS_WAGERING_MULTIPLIER,
    crashRoom: {
      enabled: values.CRASH_ROOM,
      bettingMs: values.CRASH_ROOM_BETTING_SECONDS * 1000,
      chainLength: values.CRASH_ROOM_CHAIN_LENGTH,
      salt: values.CRASH_ROOM_SALT,
    },
  };
}
