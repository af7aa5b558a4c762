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
  /** The time, injectable so tests can move it (game sessions expire); defaults to the system clock. */
  clock?: () => Date;
}

/** Per-request values set by middleware. */
export interface AppEnv {
  Variables: {
    locale: Locale;
    /** Set by `requireUser` on authenticated routes. */
    userId: number;
  };
}
