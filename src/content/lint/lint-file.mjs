// Every rule a single Markdown file must follow, for `npm run i18n:check` and for the content
// loader alike, so the build refuses exactly what the check reports.
import { markdownToMdast } from 'satteri';
import { DEFAULT_LOCALE } from '#core/i18n/locales.mjs';
import { ID_PATTERN, SOURCE_HASH_FIELD, kebabCase } from './collections.mjs';
import { readFrontMatter } from './front-matter.mjs';
import { checkLink, isSafeUrl } from './links.mjs';

/** @typedef {import('./front-matter.mjs').Problem} Problem */
/** @typedef {import('./collections.mjs').CollectionRules} CollectionRules */
/** @typedef {import('./collections.mjs').FieldType} FieldType */

/** `file:line: what is wrong → what to do`: the one shape of every content problem. */
export const formatProblem = (/** @type {string} */ file, /** @type {Problem} */ p) =>
  `${file}:${p.line}: ${p.message} → ${p.fix}`;

/** @param {string} name @param {unknown} value @param {FieldType} type @returns {string | null} */
function fieldError(name, value, type) {
  if (type.kind === 'text') return typeof value === 'string' && value.trim() !== '' ? null : `"${name}" must be text`;
  if (type.kind === 'int') return Number.isInteger(value) ? null : `"${name}" must be a whole number`;
  return type.values.includes(/** @type {string} */ (value))
    ? null
    : `"${name}" is "${String(value)}", not one of ${type.values.join(', ')}`;
}

/**
 * @param {Record<string, unknown>} data @param {Record<string, number>} lines @param {number} endLine
 * @param {CollectionRules} rules @param {boolean} english @param {string} englishFile
 * @returns {Problem[]}
 */
function checkFields(data, lines, endLine, rules, english, englishFile) {
  /** @type {Problem[]} */
  const problems = [];
  const expected = english ? { ...rules.text, ...rules.structure } : rules.text;
  for (const [name, type] of Object.entries(expected)) {
    if (!(name in data)) {
      problems.push({ line: endLine, message: `"${name}" is missing`, fix: `add a line ${name}: … before this ---` });
      continue;
    }
    const error = fieldError(name, data[name], type);
    if (error)
      problems.push({
        line: lines[name] ?? 1,
        message: error,
        fix:
          type.kind === 'int'
            ? `write ${name}: 5`
            : type.kind === 'enum'
              ? `write one of: ${type.values.join(', ')}`
              : `write ${name}: followed by the text`,
      });
  }
  for (const name of Object.keys(data)) {
    if (name in expected) continue;
    if (name === SOURCE_HASH_FIELD && !english) {
      // Written by `npm run i18n:new`: which English text this translates (for `npm run i18n:status`).
      if (!/^en-[0-9a-f]{12}$/.test(String(data[name])))
        problems.push({
          line: lines[name] ?? 1,
          message: `"${name}" is not a recorded hash`,
          fix: 'delete this line; npm run i18n:status then uses git history',
        });
      continue;
    }
    problems.push(
      name in rules.structure
        ? {
            line: lines[name] ?? 1,
            message: `"${name}" is set only in the English file`,
            fix: `delete this line; change it in ${englishFile} for every language`,
          }
        : {
            line: lines[name] ?? 1,
            message: `unknown field "${name}"`,
            fix: `use only ${Object.keys(expected).join(', ')}`,
          },
    );
  }
  return problems;
}

/**
 * @typedef {object} MdNode
 * @property {string} type
 * @property {{ start: { line: number } }} [position]
 * @property {string} [value] @property {string} [url] @property {string | null} [alt]
 * @property {MdNode[]} [children]
 */

/** Pictures may be this big at most (docs/editing.md, "Pictures"). */
export const MAX_IMAGE_BYTES = 300 * 1024;

/**
 * @typedef {(url: string) => { size: number } | null} AssetLookup
 *   The file a site address or a path relative to the Markdown file points to, or null when none exists.
 */

/**
 * @param {string} text @param {{ page: string, site: import('./links.mjs').SiteMap, asset?: AssetLookup }} context
 * @returns {Problem[]}
 */
function checkBody(text, context) {
  /** @type {Problem[]} */
  const problems = [];
  /** @param {MdNode} node */
  const visit = (node) => {
    const line = node.position?.start.line ?? 1;
    if (node.type === 'html' && !node.value?.trimStart().startsWith('<!--')) {
      const tag = /^\s*<\/?[^\s>]*>?/.exec(node.value ?? '')?.[0].trim() ?? 'HTML';
      problems.push({
        line,
        message: `raw HTML ${tag.endsWith('>') ? tag : `${tag}…>`} is not allowed and is removed from the page`,
        fix: 'write it in Markdown instead (bold, italic, links and lists: see docs/editing.md)',
      });
    }
    if ((node.type === 'image' || node.type === 'imageReference') && !node.alt?.trim()) {
      problems.push({
        line,
        message: `an image${node.url ? ` (${node.url})` : ''} has no alt text`,
        fix: 'describe the picture between the square brackets after the !',
      });
    }
    if (node.type === 'image' && node.url !== undefined && !isSafeUrl(node.url)) {
      problems.push({
        line,
        message: `the image address "${node.url}" is not allowed`,
        fix: 'use a picture of this site (/images/…) or an https: address',
      });
    } else if (node.type === 'image' && node.url && context.asset && !/^[a-z][a-z0-9+.-]*:|^\/\//i.test(node.url)) {
      const found = context.asset(node.url);
      if (!found) {
        problems.push({
          line,
          message: `the picture ${node.url} does not exist`,
          fix: node.url.startsWith('/')
            ? `put the file in public${node.url.split(/[?#]/)[0]}, or correct the address`
            : 'put the file next to this Markdown file, or use a picture of public/images/ (/images/…)',
        });
      } else if (found.size > MAX_IMAGE_BYTES) {
        problems.push({
          line,
          message:
            `the picture ${node.url} is ${Math.round(found.size / 1024)} KB, more ` +
            `than ${MAX_IMAGE_BYTES / 1024} KB`,
          fix: 'make it smaller: at most 1600 pixels wide, saved as .webp or .jpg (see docs/editing.md, "Pictures")',
        });
      }
    }
    if ((node.type === 'link' || node.type === 'definition') && node.url !== undefined) {
      const problem = checkLink(node.url, context);
      if (problem) problems.push({ line, ...problem });
    }
    node.children?.forEach(visit);
  };
  visit(/** @type {MdNode} */ (markdownToMdast(text)));
  return problems;
}

/**
 * @param {object} input
 * @param {string} input.file      path shown in messages, e.g. `src/content/faq/de/withdrawal-time.md`
 * @param {string} input.text      the file's content
 * @param {string} input.locale
 * @param {CollectionRules} input.rules
 * @param {import('./links.mjs').SiteMap} input.site
 * @param {AssetLookup} [input.asset]  finds a picture's file; without it pictures are not looked up
 * @returns {{ data: Record<string, unknown> | null, fieldLines: Record<string, number>, problems: Problem[] }}
 */
export function lintFile({ file, text, locale, rules, site, asset }) {
  /** @type {Problem[]} */
  const problems = [];
  const name = (file.split('/').at(-1) ?? '').replace(/\.md$/, '');
  if (!ID_PATTERN.test(name)) {
    const better = kebabCase(name) || 'my-entry';
    problems.push({
      line: 1,
      message: `the file name "${name}.md" is not a valid id (it becomes the address /…#${name})`,
      fix: `rename the file to ${better}.md: lower-case letters, digits and hyphens only`,
    });
  }
  const englishFile = file.replace(`/${locale}/`, `/${DEFAULT_LOCALE}/`);
  const front = readFrontMatter(text);
  problems.push(...front.problems);
  if (front.data)
    problems.push(
      ...checkFields(front.data, front.fieldLines, front.endLine, rules, locale === DEFAULT_LOCALE, englishFile),
    );
  problems.push(...checkBody(text, { page: rules.page, site, asset }));
  return { data: front.data, fieldLines: front.fieldLines, problems: problems.sort((a, b) => a.line - b.line) };
}
