/**
 * The one database interface the routes use. PGlite (embedded, the default) and PostgreSQL (via
 * `DATABASE_URL`) both implement it, with the same SQL, so money code is tested on both.
 */
export interface Queryable {
  /** Runs one parameterised statement and answers its rows. */
  query<Row = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<Row[]>;
}

export interface Database extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /** Runs several statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
  /**
   * Runs `work` in one transaction: committed when it resolves, rolled back when it throws.
   * Do every read and write inside through `tx`: on PGlite, which has one connection, a query on
   * the database itself waits for the transaction to end and never runs.
   */
  transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
  /**
   * LISTEN on a channel: `onPayload` gets each NOTIFY's payload once its transaction commits. On
   * PostgreSQL a connection of its own, apart from the pool, from every node; on PGlite in process.
   * `onLost` is called if the connection drops (PostgreSQL): notifications may have been missed.
   * Answers the function that stops listening. Ended by `close()`.
   */
  listen(channel: string, onPayload: (payload: string) => void, onLost?: () => void): Promise<() => Promise<void>>;
  /** Connections in use and callers waiting, for `/metrics`. */
  poolStats?(): PoolStats;
  /** PGlite only: a consistent gzipped tarball of the data folder, taken while it runs (`npm run backup`). */
  dump?(): Promise<Uint8Array<ArrayBuffer>>;
}

export interface PoolStats {
  total: number;
  idle: number;
  waiting: number;
}

/** PostgreSQL's SQLSTATE for a unique-constraint violation. */
export const UNIQUE_VIOLATION = '23505';

export const isUniqueViolation = (error: unknown): boolean =>
  typeof error === 'object' && error !== null && (error as { code?: string }).code === UNIQUE_VIOLATION;
