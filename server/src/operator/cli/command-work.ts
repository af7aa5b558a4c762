import type { Clock } from '../../base/clock.ts';
import type { ServerConfig } from '../../config/server-config.ts';
import type { Database } from '../../db/database.ts';

/**
 * One `npm run operator` command: what it sends to the running server (its control endpoint) and
 * what it does itself when no server holds the database; then how it reports the result, which is
 * the server's JSON answer or what `run` answered (the same shape).
 */
export interface CommandWork<Result> {
  body: Record<string, unknown>;
  /** The control endpoint; the staff one by default. */
  path?: string;
  /** The server answers this status when it did the work. */
  okStatus: number;
  /** Whether a successful answer carries what the command must print (a password, a secret). */
  answered?: (body: Record<string, unknown>) => boolean;
  run: (context: { db: Database; config: ServerConfig; clock: Clock }) => Promise<Result>;
  /** Prints the result (`how`: where the work was done; `address`: the console's). Answers the exit code. */
  done: (result: Result, how: string, address: string) => number;
}
