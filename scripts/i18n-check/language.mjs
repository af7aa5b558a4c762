// Text in the wrong language: paragraphs, headings and the question/title of any file, English
// included, with a sentence in another of the site's languages (English left in a translation,
// Russian pasted into German, Chinese into Japanese) or in another script than the locale's. The
// language of each sentence is identified by ./identify.mjs, the script by Unicode properties.
// One problem per paragraph, on the line of its first sentence in the wrong language.
import { markdownToMdast } from 'satteri';
import { eld } from 'eld/medium';
import { languageName, otherLanguage, wordCount } from './identify.mjs';
import { LOCALE_NAMES } from '../../core/i18n/locales.ts';

/** Locales written in another script than Latin, and that script's letters. */
const SCRIPTS = /** @type {Record<string, RegExp>} */ ({
  ru: /\p{Script=Cyrillic}/u,
  hi: /\p{Script=Devanagari}/u,
  ja: /[\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Han}]/u,
  ko: /\p{Script=Hangul}/u,
  zh: /\p{Script=Han}/u,
});
const OWN_SCRIPTS = /** @type {Record<string, string[]>} */ ({
  ru: ['Cyrillic'],
  hi: ['Devanagari'],
  ja: ['kana', 'Han'],
  ko: ['Hangul', 'Han'],
  zh: ['Han'],
});
const SCRIPT_NAMES = {
  Latin: /\p{Script=Latin}/u,
  Cyrillic: /\p{Script=Cyrillic}/u,
  Devanagari: /\p{Script=Devanagari}/u,
  Hangul: /\p{Script=Hangul}/u,
  kana: /[\p{Script=Hiragana}\p{Script=Katakana}]/u,
  Han: /\p{Script=Han}/u,
};

/** Names that stay as they are in every language (docs/editing.md) and so prove nothing. */
export const KEPT_NAMES = [
  'AmberPlay',
  'GamCare',
  'BeGambleAware',
  'Gambling Therapy',
  'Gamblers Anonymous',
  'GamStop',
  'Google Authenticator',
  'Authy',
  'Visa',
  'Mastercard',
  'Bitcoin',
  'Ethereum',
  'USDT',
  'Tether',
];

/** Fewer words than this are never judged: a short phrase is too often a name or a loanword. */
const MIN_WORDS = 5;
/**
 * A sentence of fewer words than this is not given to the language identifier: below it, the
 * n-grams of a question like "Was ist ein Selbstausschluss?" are still telling, of three words not.
 */
const MIN_SENTENCE_WORDS = 4;

/**
 * @typedef {{ line: number, message: string, fix: string }} Problem
 * @typedef {{ text: string, lines: { at: number, line: number }[], kind: string, line: number }} Segment
 */

/** Text of a Markdown node, with the line each piece starts on; code, HTML and addresses are left out. */
function segmentOf(/** @type {any} */ node, /** @type {string} */ kind) {
  /** @type {Segment} */
  const segment = { text: '', lines: [], kind, line: node.position?.start.line ?? 1 };
  const walk = (/** @type {any} */ n) => {
    if (n.type === 'inlineCode' || n.type === 'code' || n.type === 'html' || n.type === 'image') return;
    if (n.type === 'link' && /^(mailto:|https?:)/.test(n.url ?? '')) {
      const label = (n.children ?? []).map((/** @type {{ value?: string }} */ c) => c.value ?? '').join('');
      if (/^[\w.+-]+@[\w.-]+$|^https?:/.test(label)) return;
    }
    if (n.type === 'text') {
      segment.lines.push({ at: segment.text.length, line: n.position?.start.line ?? segment.line });
      segment.text += n.value;
    }
    if (n.type === 'break') segment.text += ' ';
    n.children?.forEach(walk);
  };
  walk(node);
  return segment;
}

/** Paragraphs (also inside lists and quotes) and headings of a Markdown file. */
function segmentsOf(/** @type {string} */ markdown) {
  /** @type {Segment[]} */
  const found = [];
  const visit = (/** @type {any} */ node) => {
    if (node.type === 'paragraph' || node.type === 'heading') {
      found.push(segmentOf(node, node.type));
      return;
    }
    node.children?.forEach(visit);
  };
  visit(markdownToMdast(markdown));
  return found;
}

/** Removes what is the same in every language: names, {placeholders}, addresses, numbers. */
export function neutral(/** @type {string} */ text) {
  let out = text;
  for (const name of KEPT_NAMES) out = out.replaceAll(name, ' '.repeat(name.length));
  return out.replace(/\{\w+\}|https?:\/\/\S+|[\w.+-]+@[\w.-]+\.\w+|\/[\w/#.-]+|\d[\d.,:%]*/g, (m) =>
    ' '.repeat(m.length),
  );
}

const LATIN_WORD = /[A-Za-z][A-Za-z'’-]*[A-Za-z]|[A-Za-z]/g;

/** Is this run of text English, by the language identifier? */
function isEnglish(/** @type {string} */ text) {
  const result = eld.detect(text);
  return result.language === 'en' && result.isReliable();
}

/** The line a character offset of a segment is on. */
const lineAt = (/** @type {Segment} */ s, /** @type {number} */ offset) => {
  const piece = [...s.lines].reverse().find((p) => p.at <= offset);
  if (!piece) return s.line;
  // A text node runs over the soft line breaks of its paragraph.
  return piece.line + (s.text.slice(piece.at, offset).match(/\n/g) ?? []).length;
};

const quote = (/** @type {string} */ text) => {
  const clean = text.replace(/\s+/g, ' ').trim();
  return `"${clean.length > 48 ? `${clean.slice(0, 45)}…` : clean}"`;
};

/**
 * The first sentence of a segment written in another language than the file's (English left in a
 * translation, a text pasted from another language's file), or in another script.
 * @param {Segment} segment @param {string} locale @returns {{ offset: number, text: string, why: string } | null}
 */
function wrongLanguage(segment, locale) {
  const text = neutral(segment.text);
  const own = SCRIPTS[locale];
  if (own) {
    // A run of at least MIN_WORDS Latin words with none of the locale's letters between them.
    const runs = text.matchAll(
      new RegExp(`(?:${LATIN_WORD.source})(?:[^\\p{L}\\d]+(?:${LATIN_WORD.source})){${MIN_WORDS - 1},}`, 'gu'),
    );
    for (const run of runs) if (isEnglish(run[0])) return { offset: run.index, text: run[0], why: 'is in English' };
  }
  // Every sentence of MIN_SENTENCE_WORDS words or more, in any script, by the language identifier.
  for (const sentence of text.matchAll(/[^.!?;:。！？；：।]+[.!?;:。！？；：।]?/gu)) {
    if (wordCount(sentence[0]) < MIN_SENTENCE_WORDS) continue;
    const found = otherLanguage(sentence[0], locale);
    if (found) {
      const lead = sentence[0].length - sentence[0].trimStart().length;
      return { offset: sentence.index + lead, text: sentence[0].trim(), why: `is in ${languageName(found)}` };
    }
  }
  // Letters of a foreign script the identifier could not name (a short phrase in Hangul in German).
  for (const [name, letters] of Object.entries(SCRIPT_NAMES)) {
    if (name === 'Latin' || OWN_SCRIPTS[locale]?.includes(name)) continue;
    const count = [...text].filter((c) => letters.test(c)).length;
    if (count >= 8) {
      const offset = text.search(letters);
      return {
        offset,
        text: segment.text.slice(offset),
        why:
          `is in ${name} script, not the script ` +
          `of ${LOCALE_NAMES[/** @type {keyof typeof LOCALE_NAMES} */ (locale)]}`,
      };
    }
  }
  return null;
}

/**
 * @param {object} input
 * @param {string} input.text  the whole Markdown file
 * @param {string} input.locale  the file's locale
 * @param {Record<string, unknown>} [input.data]  its front matter
 * @param {Record<string, number>} [input.fieldLines]  line of each front-matter field
 * @param {string[]} [input.textFields]  the translated fields (question or title)
 * @param {boolean} [input.body]  false when the whole text is a copy of English (reported once, elsewhere)
 * @returns {Problem[]}
 */
export function findWrongLanguage({ text, locale, data = {}, fieldLines = {}, textFields = [], body = true }) {
  const name = LOCALE_NAMES[/** @type {keyof typeof LOCALE_NAMES} */ (locale)] ?? locale;
  /** @type {Problem[]} */
  const problems = [];
  /** @type {Segment[]} */
  const segments = textFields.flatMap((field) => {
    const value = data[field];
    const line = fieldLines[field] ?? 2;
    return typeof value === 'string' ? [{ text: value, lines: [{ at: 0, line }], kind: `"${field}:"`, line }] : [];
  });
  if (body) segments.push(...segmentsOf(text));
  for (const segment of segments) {
    const found = wrongLanguage(segment, locale);
    if (!found) continue;
    const what =
      segment.kind === 'paragraph'
        ? 'a sentence of this paragraph'
        : segment.kind === 'heading'
          ? 'this heading'
          : `the value of ${segment.kind}`;
    problems.push({
      line: lineAt(segment, found.offset),
      message: `${what} ${found.why}: ${quote(found.text)}`,
      fix: `translate it into ${name}`,
    });
  }
  return problems;
}

const BLOCK_NAMES = /** @type {const} */ ({
  paragraph: ['paragraph', 'paragraphs'],
  heading: ['heading', 'headings'],
  listItem: ['list item', 'list items'],
});

/** Paragraphs, headings and list items of a Markdown text, with their lines, in order. */
function blocksOf(/** @type {string} */ markdown) {
  /** @type {Record<string, number[]>} */
  const found = { paragraph: [], heading: [], listItem: [] };
  const visit = (/** @type {any} */ node) => {
    found[node.type]?.push(node.position?.start.line ?? 1);
    node.children?.forEach(visit);
  };
  visit(markdownToMdast(markdown));
  return found;
}

/**
 * A translation with fewer paragraphs, headings or list items than its English file: English text
 * was added after it was translated (or a part was skipped). Names the English lines to translate.
 * @param {object} input
 * @param {string} input.text  the translation
 * @param {string} input.englishText
 * @param {string} input.englishFile  as shown in messages
 * @returns {Problem[]}
 */
export function findMissingBlocks({ text, englishText, englishFile }) {
  const mine = blocksOf(text);
  const english = blocksOf(englishText);
  const last = text.replace(/\s+$/, '').split('\n').length;
  /** @type {Problem[]} */
  const problems = [];
  for (const [type, [one, many]] of Object.entries(BLOCK_NAMES)) {
    const mineLines = mine[type] ?? [];
    const englishLines = english[type] ?? [];
    const have = mineLines.length;
    const want = englishLines.length;
    if (have >= want) continue;
    const lines = englishLines.slice(have);
    problems.push({
      line: mineLines[have - 1] ?? last,
      message: `the English file has ${want} ${want === 1 ? one : many}, this translation ${have}`,
      fix:
        `translate the English ${want - have === 1 ? one : many} on ` +
        `line${lines.length > 1 ? 's' : ''} ${lines.join(', ')} of ${englishFile} and ` +
        `add ${want - have === 1 ? 'it' : 'them'} here`,
    });
  }
  return problems;
}
