import pg from 'pg';
import type { Database } from './database.ts';
import { STARTUP_LOCK } from './migrate.ts';

/**
 * PostgreSQL through a connection pool, for operators and for several API nodes sharing one
 * database. `schema` isolates test runs that share a server.
 */
export async function openPostgres(connectionString: string, schema?: string): Promise<Database> {
  const session = schema ? { options: `-c search_path=${schema}` } : {};
  const pool = new pg.Pool({ connectionString, max: 10, ...session });
  // An idle client that loses its connection emits 'error'; without a listener that kills the process.
  pool.on('error', (error) =>
    console.error(JSON.stringify({ level: 'error', source: 'postgres', error: error.message })),
  );
  const transaction: Database['transaction'] = async (work) => {
    const client = await pool.connect();
    try {
      await client.query('BEGIN');
      const result = await work({ query: async (sql, params) => (await client.query(sql, params as unknown[])).rows });
      await client.query('COMMIT');
      return result;
    } catch (error) {
      await client.query('ROLLBACK').catch(() => {});
      throw error;
    } finally {
      client.release();
    }
  };
  if (schema) {
    if (!/^\w+$/.test(schema)) throw new Error(`Invalid schema name: ${schema}`);
    // Nodes starting together would race on IF NOT EXISTS: one at a time, under the startup lock.
    await transaction(async (tx) => {
      await tx.query('SELECT pg_advisory_xact_lock($1)', [STARTUP_LOCK]);
      await tx.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`);
    });
  }
  const listeners = new Set<pg.Client>();
  const listen: Database['listen'] = async (channel, onPayload, onLost) => {
    if (!/^\w+$/.test(channel)) throw new Error(`Invalid channel name: ${channel}`);
    // A pooled connection is handed to others between queries, and LISTEN belongs to one session.
    const client = new pg.Client({ connectionString, ...session });
    client.on('error', (error) =>
      console.error(JSON.stringify({ level: 'error', source: 'postgres-listen', error: error.message })),
    );
    // Ended by the server or the network, not by us: whatever was notified meanwhile is lost.
    client.on('end', () => {
      if (listeners.delete(client)) onLost?.();
    });
    client.on('notification', (message) => {
      if (message.channel === channel) onPayload(message.payload ?? '');
    });
    await client.connect();
    await client.query(`LISTEN ${channel}`);
    listeners.add(client);
    return async () => {
      if (!listeners.delete(client)) return;
      await client.end();
    };
  };
  return {
    kind: 'postgres',
    async query(sql, params) {
      return (await pool.query(sql, params as unknown[])).rows;
    },
    async exec(sql) {
      await pool.query(sql);
    },
    transaction,
    listen,
    async close() {
      const clients = [...listeners];
      listeners.clear();
      await Promise.all(clients.map((client) => client.end()));
      await pool.end();
    },
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
  };
}
