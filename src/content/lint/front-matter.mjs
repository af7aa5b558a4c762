// Reads the front-matter block of a Markdown file with the YAML parser Astro itself uses
// (js-yaml), and reports problems with the line number in the file, not in the block.
import yaml from 'js-yaml';

/** @typedef {{ line: number, message: string, fix: string }} Problem */

const DELIMITER = /^---\s*$/;

/**
 * @param {string} text the whole Markdown file
 * @returns {{ data: Record<string, unknown> | null, fieldLines: Record<string, number>, endLine: number, problems:
 * Problem[] }}
 *   `fieldLines` maps each field to its line; `endLine` is the closing `---` line.
 */
export function readFrontMatter(text) {
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  const fail = (/** @type {Problem} */ problem) => ({ data: null, fieldLines: {}, endLine: 1, problems: [problem] });
  if (!DELIMITER.test(lines[0] ?? '')) {
    return fail({
      line: 1,
      message: 'the file does not start with a front-matter block',
      fix: 'put the fields between two lines of --- at the very top',
    });
  }
  const close = lines.findIndex((line, index) => index > 0 && DELIMITER.test(line));
  if (close === -1) {
    return fail({
      line: 1,
      message: 'the front-matter block is never closed',
      fix: 'add a line with --- after the last field',
    });
  }
  const block = lines.slice(1, close);
  /** @type {Record<string, number>} */
  const fieldLines = {};
  block.forEach((line, index) => {
    const key = /^([^\s:#][^:]*):/.exec(line)?.[1];
    if (key && !(key in fieldLines)) fieldLines[key] = index + 2;
  });
  let data;
  try {
    data = yaml.load(block.join('\n'));
  } catch (error) {
    if (!(error instanceof yaml.YAMLException)) throw error;
    // js-yaml counts from 0 inside the block; the block starts on line 2 of the file.
    const line = Math.min((error.mark?.line ?? 0) + 2, close);
    const source = lines[line - 1] ?? '';
    const value = /^[^:]*:\s*(.*)$/.exec(source)?.[1] ?? '';
    const fix =
      value.includes(': ') || value.includes(' #')
        ? `put the value in double quotes: ${source.split(':')[0]}: "${value.replaceAll('"', '\\"')}"`
        : 'write each field as name: value on its own line, without indentation';
    return fail({ line, message: `the front matter cannot be read (${error.reason})`, fix });
  }
  if (data === undefined || data === null) data = {};
  if (typeof data !== 'object' || Array.isArray(data)) {
    return fail({
      line: 2,
      message: 'the front matter is not a list of fields',
      fix: 'write each field as name: value on its own line',
    });
  }
  return { data: /** @type {Record<string, unknown>} */ (data), fieldLines, endLine: close + 1, problems: [] };
}
