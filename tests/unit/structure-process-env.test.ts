import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { sourceFiles } from './structure-source-files.ts';

/**
 * One configuration reading: the server reads its variables once, in `loadConfig`, and core/ reads
 * none (it runs in the browser too). Modules below them take the values they need as parameters,
 * so a setting cannot be read two ways. The entry points that hand the environment to them are listed.
 */
const ROOMS = ['server/src', 'core'];
const READERS = new Set([
  // The one reading of the server's variables.
  'server/src/config/server-config.ts',
  // The staff command's entry point hands its environment to loadConfig.
  'server/src/operator/cli/operator-cli.ts',
]);

describe('process.env readers', () => {
  it('are only the configuration reading and the entry points', () => {
    const readers = ROOMS.flatMap(sourceFiles)
      .filter((path) => !READERS.has(path))
      .filter((path) => /\bprocess\.env\b/.test(readFileSync(path, 'utf8')));
    expect(readers).toEqual([]);
  });
});
