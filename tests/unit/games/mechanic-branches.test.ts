// Games are told apart only by their module in core/games/registry.ts: a `mechanic === '…'` branch anywhere else in
// core/, server/ or src/ fails here (the eslint rule no-restricted-syntax says the same while editing).
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '../../..');
const BRANCH = /\bmechanic\s*[!=]==?\s*['"`]/g;

/** The game page's client views, not yet one module per game: their branches may only go down. */
const PENDING: Record<string, number> = {
  'server/src/providers/games/page/client/info.ts': 1,
  'server/src/providers/games/page/client/main.ts': 2,
  'server/src/providers/games/page/client/steps.ts': 11,
};

function sources(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sources(path);
    return /\.(ts|tsx|astro|js|mjs)$/.test(entry.name) ? [path] : [];
  });
}

function mechanicBranches(): Record<string, number> {
  const found: Record<string, number> = {};
  for (const file of ['core', 'server', 'src'].flatMap(sources)) {
    const count = readFileSync(join(ROOT, file), 'utf8').match(BRANCH)?.length ?? 0;
    if (count) found[relative(ROOT, join(ROOT, file))] = count;
  }
  return found;
}

describe('games are told apart by the registry only', () => {
  it('has no mechanic-name branch outside the pending page views, and no more there', () => {
    const found = mechanicBranches();
    for (const [file, count] of Object.entries(found)) expect(count, file).toBeLessThanOrEqual(PENDING[file] ?? 0);
  });

  it('sees a branch when there is one', () => {
    expect("if (game.mechanic === 'dice') roll();".match(BRANCH)).toHaveLength(1);
    expect('const x = mechanic !== "crash";'.match(BRANCH)).toHaveLength(1);
  });
});
