import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { sourceFiles } from './structure-source-files.ts';

/**
 * Templates and SQL keep the 120-character rule by how they are written, not by a backslash that
 * cuts a line in the middle of a tag or a clause (docs/testing.md).
 */
describe('no backslash line continuations in the server', () => {
  it('finds no line of server/ or core/ ending in a backslash', () => {
    const continued = [...sourceFiles('server/src'), ...sourceFiles('core')].flatMap((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .flatMap((line, index) => (/(^|[^\\])(\\\\)*\\$/.test(line) ? [`${file}:${index + 1}`] : [])),
    );
    expect(continued).toEqual([]);
  });
});
