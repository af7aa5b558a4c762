import { readFileSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { describe, expect, it } from 'vitest';
import { sourceFiles } from './structure-source-files.ts';

/**
 * The server's files import each other in one direction: no loop, not even through `import type`
 * (ESLint's import-x/no-cycle skips type-only imports, so a loop of types passes it). A loop ties
 * files that should stand apart: a slice of configuration and the reading that builds it, a rule and
 * the policy that calls it.
 */
const SERVER = 'server/src';

/**
 * Loops the scan still finds, each owned by a branch of its own: the demo provider's game
 * sessions, stakes and step rounds. This list shrinks; a new loop fails the test.
 */
const KNOWN_LOOPS = [
  [
    'server/src/providers/games/sessions.ts',
    'server/src/providers/games/stakes.ts',
    'server/src/providers/games/step-rounds.ts',
  ],
];

/** The server files `source` (at `file`) imports or re-exports, types included. */
export function importsOf(file: string, source: string): string[] {
  const targets = [...source.matchAll(/\b(?:from|import)\s*['"]([^'"]+)['"]/g)].map((match) => match[1] ?? '');
  return targets.flatMap((target) => {
    if (target.startsWith('#server/')) return [join(SERVER, target.slice('#server/'.length))];
    if (target.startsWith('.')) return [normalize(join(dirname(file), target))];
    return [];
  });
}

/** Every loop of `graph`: its strongly connected components of more than one file (Tarjan). */
export function loopsOf(graph: Map<string, string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const loops: string[][] = [];
  const visit = (node: string) => {
    index.set(node, index.size);
    low.set(node, index.get(node)!);
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!graph.has(next)) continue;
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node)!, index.get(next)!));
    }
    if (low.get(node) !== index.get(node)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      component.push(member);
    } while (member !== node);
    if (component.length > 1) loops.push(component.sort());
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return loops.sort((a, b) => String(a[0]).localeCompare(String(b[0])));
}

describe('the server imports', () => {
  it('hold no loop but the known ones', () => {
    const files = sourceFiles(SERVER);
    expect(files.length).toBeGreaterThan(100);
    const graph = new Map(files.map((file) => [file, importsOf(file, readFileSync(file, 'utf8'))]));
    expect(loopsOf(graph)).toEqual(KNOWN_LOOPS);
  });

  it('of the console go routes → services, and views take types from the neutral module only', () => {
    const findings = sourceFiles('server/src/operator').flatMap((file) => {
      const targets = importsOf(file, readFileSync(file, 'utf8'));
      const upward = file.includes('/operator/services/')
        ? targets.filter((target) => target.includes('/operator/routes/'))
        : file.includes('/operator/views/')
          ? targets.filter((target) => /\/operator\/(routes|services)\//.test(target))
          : [];
      return upward.map((target) => `${file} -> ${target}`);
    });
    expect(findings).toEqual([]);
  });
});

describe('the loop scan', () => {
  it('reads type imports, re-exports and aliases', () => {
    const source = [
      "import type { A } from './a.ts';",
      "export { B } from '../b.ts';",
      "import { C } from '#server/c/c.ts';",
      "import * as v from 'valibot';",
    ].join('\n');
    expect(importsOf('server/src/x/y.ts', source)).toEqual([
      'server/src/x/a.ts',
      'server/src/b.ts',
      'server/src/c/c.ts',
    ]);
  });

  it('finds a loop of two and of three, and none in a chain', () => {
    const graph = new Map([
      ['a', ['b']],
      ['b', ['a']],
      ['c', ['d']],
      ['d', ['e']],
      ['e', ['c']],
      ['f', ['a']],
    ]);
    expect(loopsOf(graph)).toEqual([
      ['a', 'b'],
      ['c', 'd', 'e'],
    ]);
    expect(
      loopsOf(
        new Map([
          ['a', ['b']],
          ['b', []],
        ]),
      ),
    ).toEqual([]);
  });
});
