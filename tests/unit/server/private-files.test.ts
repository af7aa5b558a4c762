/**
 * The start-time walk over DATA_DIR: it takes away only what is beyond 0700/0600, keeps tighter
 * modes, reaches the real folder when DATA_DIR is a link to it, and never follows a link out of it.
 * (The whole start, under umask 022, is tests/api/data-dir-modes.test.ts.)
 */
import { chmodSync, mkdirSync, mkdtempSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { tightenPrivateTree } from '#server/data-dir/private-files.ts';

const root = mkdtempSync(join(tmpdir(), 'amber-private-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const modeOf = (path: string) => (statSync(path).mode & 0o7777).toString(8);

describe('tightenPrivateTree', () => {
  it('narrows looser modes to 0700/0600, keeps tighter ones, and does not follow links inside', () => {
    const data = join(root, 'data');
    const outside = join(root, 'outside.txt');
    mkdirSync(join(data, 'pglite', 'pg_wal'), { recursive: true });
    const files = {
      wal: join(data, 'pglite', 'pg_wal', '000000010000000000000001'),
      script: join(data, 'run.sh'),
      readOnly: join(data, 'read-only.pem'),
      own: join(data, 'own.json'),
    };
    for (const path of [...Object.values(files), outside]) writeFileSync(path, 'x');
    chmodSync(files.wal, 0o666);
    chmodSync(files.script, 0o755);
    chmodSync(files.readOnly, 0o400);
    chmodSync(files.own, 0o600);
    chmodSync(outside, 0o644);
    symlinkSync(outside, join(data, 'link-out'));
    for (const folder of [data, join(data, 'pglite'), join(data, 'pglite', 'pg_wal')]) chmodSync(folder, 0o777);
    const link = join(root, 'data-link');
    symlinkSync(data, link);

    expect(tightenPrivateTree(link)).toEqual({ changed: 5, failed: [] });
    expect([data, join(data, 'pglite'), join(data, 'pglite', 'pg_wal')].map(modeOf)).toEqual(['700', '700', '700']);
    expect([files.wal, files.script, files.readOnly, files.own].map(modeOf)).toEqual(['600', '600', '400', '600']);
    expect(modeOf(outside)).toBe('644');
    expect(tightenPrivateTree(data)).toEqual({ changed: 0, failed: [] });
  });
});
