/**
 * The shapes of game providers and their games as the console shows them, shared by the console's
 * routes, services and views (so the views never reach into a service for them).
 */

export interface ProviderOverviewRow {
  id: string;
  base_url: string;
  status: 'active' | 'disabled';
  allowed_addresses: string[];
  active_secrets: number;
  created_at: Date | string;
  /** The last call the operator made to it that got a usable, signed answer. */
  last_ok_at: Date | string | null;
  /** The newest call's failure code, null when it succeeded (or there was none). */
  last_failure: string | null;
  /** Calls and failed calls in the hour before the server's clock. */
  calls_last_hour: number;
  failures_last_hour: number;
  games: number;
  games_enabled: number;
}

export interface ProviderGameRow {
  game_id: string;
  name: string;
  category: string;
  /** A percent as a decimal string (`96.50`), null when the catalogue gave none. */
  rtp: string | null;
  min_bet: string;
  max_bet: string;
  enabled: boolean;
}

/** The outcome of fetching a catalogue: how many games it has, or why it could not be read. */
export type CatalogueOutcome = { games: number } | { failure: string; message: string };
