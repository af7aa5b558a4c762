import type { KeyObject } from 'node:crypto';
import type { Clock } from './base/clock.ts';
import type { ServerConfig } from './config/server-config.ts';
import type { Database } from './db/database.ts';
import type { GameSeeds } from './providers/games/game-seeds.ts';
import type { Locale } from './base/i18n.ts';
import type { Mailer } from './mail/mailer.ts';
import type { PasswordQueue } from './services/password-queue.ts';
import type { StreamSettings } from './services/live-stream/stream-settings.ts';

/** What every route needs, built once at start and passed to each route group. */
export interface Services {
  db: Database;
  config: ServerConfig;
  /** Current private key first, then the previous one during a rotation. */
  privateKeys: KeyObject[];
  /** "Now" for limits and token expiry; tests pass a clock they can move. */
  clock: Clock;
  /** Every scrypt hash and check runs through it (docs/security.md). */
  passwords: PasswordQueue;
  /** SMTP, or `.eml` files in DATA_DIR/outbox (docs/security.md "Email"). */
  mailer: Mailer;
  /**
   * The games' seed source. Absent on every server (the CSPRNG, `randomGameSeeds`); only tests that
   * build the services themselves pin one, so a game test knows its outcomes (docs/testing.md).
   */
  gameSeeds?: GameSeeds;
  /** The live stream's settings (`STREAM_SETTINGS`); only tests change some, such as the heartbeat. */
  streamSettings?: Partial<StreamSettings>;
}

/** Per-request values set by middleware. */
export interface AppEnv {
  Variables: {
    locale: Locale;
    /** Set by the request log: the `X-Request-Id` of this request (sent or generated). */
    requestId: string;
    /** Set by `requireUser` on authenticated routes. */
    userId: number;
  };
}
