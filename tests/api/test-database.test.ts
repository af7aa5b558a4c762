/**
 * The harness's start-up shortcuts keep every test file honest: the run's migrated snapshot (PGlite) or
 * template database (PostgreSQL) gives each test API a database of its own, fully migrated; the run's
 * one key pair is shared, a second is new.
 */
import { describe, expect, inject, it } from 'vitest';
import { migrationFiles } from '../../server/src/db/migrate.ts';
import { createTestApi, newKeyPair, useTestApi } from './harness.ts';

const ctx = useTestApi();
const onPglite = !process.env.DATABASE_URL;
/** A second test API starts inside the test: a start-up, slow when the machine is busy, not what is measured. */
const STARTS = { timeout: 120_000 };

describe('the test database', STARTS, () => {
  it.runIf(onPglite)('comes on PGlite from the one snapshot the global setup made for the run', () => {
    expect(inject('pgliteSnapshot')).toMatch(/amber-api-snapshot-[0-9a-f]+\.tar$/);
  });

  it.skipIf(onPglite)('comes on PostgreSQL as a copy of the template database the global setup migrated', async () => {
    const template = inject('postgresTemplate');
    expect(template).toMatch(/^amber_tpl_[0-9a-f]{12}$/);
    const [row] = await ctx.api.db.query<{ name: string }>('SELECT current_database() AS name');
    expect(row?.name).toMatch(new RegExp(`^${template}_[0-9a-f]{12}$`));
  });

  it('has every migration applied, with its checksum', async () => {
    const rows = await ctx.api.db.query<{ name: string; checksum: string }>(
      'SELECT name, checksum FROM schema_migrations ORDER BY version',
    );
    expect(rows).toEqual(migrationFiles().map(({ name, checksum }) => ({ name, checksum })));
  });

  it('is each test API’s own: what one writes, another never sees', async () => {
    const other = await createTestApi();
    try {
      const player = await ctx.api.player();
      const count = (api: typeof other) =>
        api.db.query<{ n: number }>('SELECT count(*)::int AS n FROM users WHERE email = $1', [player.email]);
      expect(await count(ctx.api)).toEqual([{ n: 1 }]);
      expect(await count(other)).toEqual([{ n: 0 }]);
    } finally {
      await other.close();
    }
  });
});

describe('the key pair', STARTS, () => {
  it('is the run’s one pair in every test API, and newKeyPair() makes another', async () => {
    const other = await createTestApi();
    try {
      expect(other.keys.spki).toBe(ctx.api.keys.spki);
      expect(newKeyPair().spki).not.toBe(ctx.api.keys.spki);
    } finally {
      await other.close();
    }
  });
});
