import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Layers: a route file parses, calls a service and renders. SQL and transactions live in services
 * (server/src/services/, or the console's in server/src/operator/services/), never in a route file.
 * This keeps the count of SQL calls in route files at 0.
 */
const ROUTE_FOLDERS = ['server/src/routes', 'server/src/operator/routes'];
/** Route files that live beside their services: the demo game provider's routes. */
const OTHER_ROUTE_FILES = ['server/src/providers/games/api-routes.ts', 'server/src/providers/games/page-route.ts'];

const RULES: { name: string; pattern: RegExp }[] = [
  // `db.query(`, `tx.query<Row>(`; a request's own `c.req.query(...)` reads the URL, not the database.
  { name: 'a query call', pattern: /(?<!\breq)\.query\s*[<(]/ },
  { name: 'a transaction', pattern: /\btransaction\s*[<(]|\.begin\s*\(/ },
  {
    name: 'SQL text',
    pattern: /\b(?:SELECT\s+(?:[\w*(]|DISTINCT\b)|INSERT\s+INTO|UPDATE\s+\w+\s+SET|DELETE\s+FROM|FOR\s+UPDATE)\b/,
  },
];

/** Each line of `source` that breaks a rule, as "line: rule". */
function sqlFindings(source: string): string[] {
  return source
    .split('\n')
    .flatMap((line, index) =>
      RULES.filter((rule) => rule.pattern.test(line)).map((rule) => `${index + 1}: ${rule.name}`),
    );
}

const routeFiles = [
  ...ROUTE_FOLDERS.flatMap((folder) =>
    readdirSync(folder)
      .filter((name) => name.endsWith('.ts'))
      .map((name) => join(folder, name)),
  ),
  ...OTHER_ROUTE_FILES,
];

describe('route files', () => {
  it('are found (the scan looks where the routes are)', () => {
    expect(routeFiles).toContain('server/src/routes/auth.ts');
    expect(routeFiles).toContain('server/src/operator/routes/withdrawals.ts');
    expect(routeFiles.length).toBeGreaterThanOrEqual(36);
  });

  it('hold no SQL calls, transactions or SQL text: services do', () => {
    const findings = routeFiles.flatMap((file) =>
      sqlFindings(readFileSync(file, 'utf8')).map((finding) => `${file}:${finding}`),
    );
    expect(findings).toEqual([]);
  });
});

describe('the SQL scan', () => {
  it('finds query calls, transactions and SQL text', () => {
    expect(sqlFindings("const rows = await db.query('SELECT 1');")).toEqual(['1: a query call', '1: SQL text']);
    expect(sqlFindings('const [row] = await tx.query<{ id: number }>(sql, [id]);')).toEqual(['1: a query call']);
    expect(sqlFindings('await db.transaction(async (tx) => work(tx));')).toEqual(['1: a transaction']);
    expect(sqlFindings('const tx = await pool.begin();')).toEqual(['1: a transaction']);
    expect(sqlFindings('const sql = `\n  UPDATE users SET email = $2 WHERE id = $1`;')).toEqual(['2: SQL text']);
    expect(sqlFindings('run("DELETE FROM auth_tokens WHERE user_id = $1")')).toEqual(['1: SQL text']);
    expect(sqlFindings("const q = 'INSERT INTO notes (body) VALUES ($1)';")).toEqual(['1: SQL text']);
    expect(sqlFindings("lock('SELECT id FROM users WHERE id = $1 FOR UPDATE')")).toEqual(['1: SQL text']);
  });

  it('leaves the URL query, and words that only look like SQL, alone', () => {
    expect(sqlFindings("const mode = c.req.query('mode');")).toEqual([]);
    expect(sqlFindings('const query = c.req.query();')).toEqual([]);
    expect(sqlFindings("say('players.select_one'); // select a player, then update their limits")).toEqual([]);
    expect(sqlFindings('<select name="role"><option>Select</option></select>')).toEqual([]);
  });
});
