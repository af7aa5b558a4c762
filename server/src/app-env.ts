import type { KeyObject } from 'node:crypto';
import type { ServerConfig } from './config.ts';
import type { Database } from './db/database.ts';
import type { Locale } from './i18n.ts';

/** What every route needs, built once at start and passed to each route group. */
export interface Services {
  db: Database;
  config: ServerConfig;
  /** Current private key first, then the previous one during a rotation. */
  privateKeys: KeyObject[];
  /** The clock for expiries; tests replace it to move time without waiting. */
  now?: () => Date;
}

/** The services' clock, or the real one. */
export const nowOf = (services: Services): Date => services.now?.() ?? new Date();

/** Per-request values set by middleware. */
export interface AppEnv {
  Variables: {
    locale: Locale;
    /** Set by `requireUser` on authenticated routes. */
    userId: number;
  };
}
