// The README is the front page and docs/ holds the rest: a newcomer follows links between them, and
// `@deploy` failures quote docs sections by name. A renamed heading or a moved file must fail here,
// not leave a link that leads nowhere.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const README_MAX_LINES = 250;

const docs = [
  'README.md',
  ...readdirSync(join(ROOT, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`),
];

/** The text outside fenced code blocks, with the line numbers kept. */
function proseLines(text: string): { line: number; text: string }[] {
  let fenced = false;
  return text.split('\n').flatMap((line, index) => {
    if (/^\s*(```|~~~)/.test(line)) {
      fenced = !fenced;
      return [];
    }
    return fenced ? [] : [{ line: index + 1, text: line }];
  });
}

/** GitHub's heading anchor: lower case, punctuation dropped, spaces to hyphens, repeats numbered. */
export function anchorsOf(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  for (const { text } of proseLines(markdown)) {
    const heading = /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(text);
    if (!heading) continue;
    const plain = heading[1]!
      .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
      .replace(/[`*_~]/g, (char) => (char === '_' ? '_' : ''));
    const base = plain
      .toLowerCase()
      .replace(/[^\p{L}\p{M}\p{N}_\- ]/gu, '')
      .replace(/ /g, '-');
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    anchors.add(count === 0 ? base : `${base}-${count}`);
  }
  return anchors;
}

/** Every `[text](target)` outside code, with its line. */
function linksOf(markdown: string): { line: number; target: string }[] {
  return proseLines(markdown).flatMap(({ line, text }) => {
    const outsideCode = text.replace(/`[^`]*`/g, '``');
    return [...outsideCode.matchAll(/!?\[[^\]]*\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)].map((match) => ({
      line,
      target: match[1]!,
    }));
  });
}

function brokenLinks(file: string): string[] {
  const markdown = readFileSync(join(ROOT, file), 'utf8');
  const problems: string[] = [];
  for (const { line, target } of linksOf(markdown)) {
    if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue; // https:, mailto: and the like: not ours to check
    const [path = '', fragment] = target.split('#', 2);
    const absolute = path === '' ? join(ROOT, file) : resolve(dirname(join(ROOT, file)), decodeURIComponent(path));
    const where = `${file}:${line}: ${target}`;
    if (!absolute.startsWith(ROOT) || !existsSync(absolute)) {
      problems.push(`${where} → no such file ${relative(ROOT, absolute)}`);
      continue;
    }
    if (fragment === undefined || statSync(absolute).isDirectory()) continue;
    if (!absolute.endsWith('.md')) {
      problems.push(`${where} → a #fragment on a file that is not Markdown`);
      continue;
    }
    if (!anchorsOf(readFileSync(absolute, 'utf8')).has(decodeURIComponent(fragment))) {
      problems.push(`${where} → ${relative(ROOT, absolute)} has no heading #${fragment}`);
    }
  }
  return problems;
}

describe('documentation links', () => {
  it('finds the README and the docs folder', () => {
    expect(docs).toContain('README.md');
    expect(docs).toContain('docs/architecture.md');
    expect(docs).toContain('docs/configuration.md');
  });

  it.each(docs)('%s: every relative link reaches an existing file and heading', (file) => {
    expect(brokenLinks(file)).toEqual([]);
  });

  it('keeps the README a front page of at most 250 lines', () => {
    const lines = readFileSync(join(ROOT, 'README.md'), 'utf8').replace(/\n$/, '').split('\n').length;
    expect(lines).toBeLessThanOrEqual(README_MAX_LINES);
  });

  it('links every file in docs/ from the README map', () => {
    const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
    const linked = new Set(linksOf(readme).map(({ target }) => target.split('#')[0]));
    const unlinked = docs.filter((file) => file !== 'README.md' && !linked.has(file));
    expect(unlinked).toEqual([]);
  });

  it('has every section the @deploy rules quote (tests/e2e/readme-rules.ts)', () => {
    const rules = readFileSync(join(ROOT, 'tests/e2e/readme-rules.ts'), 'utf8');
    const quoted = [
      ...new Set([...rules.matchAll(/'(docs\/[\w-]+\.md) › ([^']+)'/g)].map((match) => `${match[1]} › ${match[2]}`)),
    ];
    expect(quoted.length).toBeGreaterThanOrEqual(4);
    const missing = quoted.filter((entry) => {
      const [file, section] = entry.split(' › ') as [string, string];
      const headings = proseLines(readFileSync(join(ROOT, file), 'utf8')).map(
        ({ text }) => /^#{1,6}\s+(.*)$/.exec(text)?.[1],
      );
      return !headings.includes(section);
    });
    expect(missing).toEqual([]);
  });

  it('computes anchors as GitHub does', () => {
    const anchors = anchorsOf(
      '# A b\n## In the browser (`npm run cms`)\n## 1. Packages, user, code\n## A b\n```\n# not a heading\n```\n',
    );
    expect([...anchors]).toEqual(['a-b', 'in-the-browser-npm-run-cms', '1-packages-user-code', 'a-b-1']);
  });
});
