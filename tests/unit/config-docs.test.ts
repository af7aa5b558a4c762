// docs/configuration.md is generated from the configuration schema: it must be current, and every
// variable the code reads must be in the schema, or the documentation silently misses it.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { configTable, withConfigTable } from '../../server/src/config/docs.ts';
import { VARIABLES } from '../../server/src/config/variables.ts';

const ROOT = resolve(import.meta.dirname, '../..');

function sources(path: string): string[] {
  const absolute = join(ROOT, path);
  if (statSync(absolute).isFile()) return [absolute];
  return readdirSync(absolute, { recursive: true, encoding: 'utf8' })
    .filter((name) => /\.(ts|tsx|mjs|js|astro)$/.test(name) && !name.includes('node_modules'))
    .map((name) => join(absolute, name));
}

/** Astro's own values, not ours to document. */
const ASTRO_BUILT_INS = new Set(['DEV', 'PROD', 'MODE', 'BASE_URL', 'SSR', 'SITE']);

describe('docs/configuration.md', () => {
  it('holds exactly the table the schema generates (run `npm run docs:config` after changing the schema)', () => {
    const markdown = readFileSync(join(ROOT, 'docs/configuration.md'), 'utf8');
    expect(withConfigTable(markdown)).toBe(markdown);
  });

  it('has one row per variable, each with who reads it, a type and a meaning', () => {
    const rows = configTable().split('\n').slice(2);
    expect(rows).toHaveLength(Object.keys(VARIABLES).length);
    for (const [name, variable] of Object.entries(VARIABLES)) {
      expect(variable.when.length, name).toBeGreaterThan(0);
      expect(variable.description.length, name).toBeGreaterThan(10);
      expect(variable.type.label.length, name).toBeGreaterThan(0);
    }
    expect(rows[0]).toBe(
      '| `PORT` | run | port (0–65535) | `4321` | Where `npm start` listens (`0`: any free port, printed at start) |',
    );
    expect(rows.find((row) => row.startsWith('| `OPERATOR_ALLOWED_IPS`'))).toContain(
      '| run | comma-separated addresses and CIDR ranges | unset (any address) |',
    );
  });

  it('documents every environment variable the code reads', () => {
    const files = [
      'server/src',
      'scripts',
      'src',
      'core',
      'integrations',
      'astro.config.mjs',
      'playwright.config.ts',
    ].flatMap(sources);
    const read = new Set<string>();
    for (const file of files) {
      for (const match of readFileSync(file, 'utf8').matchAll(
        /(?:process\.env|import\.meta\.env|\benv)\??\.([A-Z][A-Z0-9_]+)/g,
      ))
        read.add(match[1]!);
    }
    const undocumented = [...read].filter((name) => !(name in VARIABLES) && !ASTRO_BUILT_INS.has(name)).sort();
    expect(read.size).toBeGreaterThan(20);
    expect(undocumented).toEqual([]);
  });
});
