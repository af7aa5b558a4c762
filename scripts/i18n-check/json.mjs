// Message files (locales/<locale>/<set>.json) for editors: a syntax error names the line and
// column where the mistake really is (a missing comma is at the end of the line before the one
// the parser stops on) and says what to type; every key's line is known, so other problems can
// name it too.

/** @typedef {{ line: number, column: number, message: string, fix: string }} JsonProblem */

/** Line and column (from 1) of a character offset. */
export function lineColumn(/** @type {string} */ text, /** @type {number} */ offset) {
  const before = text.slice(0, offset);
  const line = before.split('\n').length;
  return { line, column: offset - before.lastIndexOf('\n') };
}

/** The offset just after the last non-blank character before `offset`. */
const endOfPrevious = (/** @type {string} */ text, /** @type {number} */ offset) => {
  let at = offset;
  while (at > 0 && /\s/.test(text.charAt(at - 1))) at -= 1;
  return at;
};

/**
 * @param {string} text
 * @returns {{ data: unknown, problem: null } | { data: null, problem: JsonProblem }}
 */
export function parseJson(text) {
  try {
    return { data: JSON.parse(text), problem: null };
  } catch (error) {
    if (!(error instanceof SyntaxError)) throw error;
    return { data: null, problem: explain(text, error.message) };
  }
}

/** @param {string} text @param {string} reason V8's message @returns {JsonProblem} */
function explain(text, reason) {
  const position = Number(/at position (\d+)/.exec(reason)?.[1] ?? text.length);
  const at = (/** @type {number} */ offset) => lineColumn(text, offset);
  const next = text[position];
  if (endOfPrevious(text, text.length) <= position) {
    const end = endOfPrevious(text, text.length);
    return {
      ...at(end),
      message: 'the file ends before every { and [ is closed',
      fix: `add the missing } after line ${at(end).line}, or compare the file with the English one`,
    };
  }
  // "Expected ',' or '}' after property value": the comma is missing after the value before.
  if (/Expected ',' or '[}\]]' after (property value|array element)/.test(reason)) {
    const end = endOfPrevious(text, position);
    const where = at(end);
    const source = text.slice(0, end).split('\n').at(-1)?.trim() ?? '';
    return {
      ...where,
      message: 'a comma is missing at the end of this line',
      fix: `type a comma after the value: ${source},`,
    };
  }
  // A comma before a closing brace: "Expected double-quoted property name" at `}`, or "Unexpected token ']'".
  if ((next === '}' || next === ']') && text.slice(0, endOfPrevious(text, position)).endsWith(',')) {
    const comma = endOfPrevious(text, position) - 1;
    return {
      ...at(comma),
      message: `a comma stands before the closing ${next}`,
      fix: `delete the comma at the end of line ${at(comma).line}: the last entry of a block has none`,
    };
  }
  if (/Bad control character|Unterminated string/.test(reason)) {
    const lineStart = text.lastIndexOf('\n', position - 1) + 1;
    const quote = text.lastIndexOf('"', position);
    const where = at(Math.max(lineStart, quote));
    return {
      ...where,
      message: 'a text is not closed on its line',
      fix: `end the text with " on line ${where.line} (write a line break inside a text as \\n, a quote as \\")`,
    };
  }
  if (/Bad escaped character|Bad Unicode escape/.test(reason)) {
    return {
      ...at(Math.max(0, position - 1)),
      message: 'a backslash starts an unknown escape',
      fix: 'write \\\\ for a backslash, \\" for a quote, \\n for a line break',
    };
  }
  if (next === "'" || /^'/.test(text.slice(position))) {
    return {
      ...at(position),
      message: 'single quotes are not allowed',
      fix: 'use double quotes " around keys and texts',
    };
  }
  if (/Expected ':' after property name/.test(reason)) {
    return {
      ...at(position),
      message: 'a colon is missing after the key',
      fix: 'write the key, a colon, then the text: "key": "text"',
    };
  }
  if (/Expected double-quoted property name/.test(reason)) {
    return {
      ...at(position),
      message: 'a key is not in double quotes',
      fix: 'write the key in double quotes: "key": "text"',
    };
  }
  if (/Unexpected end of JSON input/.test(reason)) {
    const end = endOfPrevious(text, text.length);
    return {
      ...at(end),
      message: 'the file ends before every { and [ is closed',
      fix: 'add the missing } at the end, or restore the file from git and redo the change',
    };
  }
  if (/Unexpected non-whitespace character after JSON/.test(reason)) {
    return {
      ...at(position),
      message: 'there is text after the last }',
      fix: 'delete it, or move it inside the braces',
    };
  }
  const token = next === undefined ? 'the end' : JSON.stringify(next);
  return {
    ...at(position),
    message:
      `unexpected ${token} ` +
      `(${reason.replace(/\s*\(line \d+ column \d+\)|,? ?"[^"]*"? is not valid JSON/g, '').trim()})`,
    fix: 'compare this line with the same line of the English file (locales/en/…)',
  };
}

/**
 * The line of every key, by its dotted path (`nav.profile`), as `flatten` in check.ts names them.
 * Expects valid JSON.
 * @param {string} text @returns {Record<string, number>}
 */
export function keyLines(text) {
  /** @type {Record<string, number>} */
  const lines = {};
  /** @type {(string | null)[]} the path; null for array levels */
  const path = [];
  let line = 1;
  /** @type {string | null} */
  let pendingKey = null;
  /** @type {('{' | '[')[]} */
  const stack = [];
  let expectKey = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text[i];
    if (c === '\n') line += 1;
    else if (c === '"') {
      let j = i + 1;
      while (j < text.length && text[j] !== '"') j += text[j] === '\\' ? 2 : 1;
      const value = JSON.parse(text.slice(i, j + 1));
      if (expectKey && stack.at(-1) === '{') {
        pendingKey = value;
        lines[[...path.filter((p) => p !== null), value].join('.')] = line;
        expectKey = false;
      }
      i = j;
    } else if (c === '{' || c === '[') {
      path.push(stack.length === 0 ? null : stack.at(-1) === '{' ? pendingKey : null);
      stack.push(c);
      expectKey = c === '{';
    } else if (c === '}' || c === ']') {
      stack.pop();
      path.pop();
    } else if (c === ',') {
      expectKey = stack.at(-1) === '{';
    }
  }
  return lines;
}
