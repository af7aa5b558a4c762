// Which of the site's 14 languages a sentence is written in, by ELD (the `eld` package: n-gram
// scores for 60 languages, no network, the same answer on every machine). Only the site's own
// languages are answered: a text pasted into the wrong file comes from another of its files, and
// a guess of a language the site does not have (Catalan for Spanish) is a confusion, not a finding.
import { eld } from 'eld/medium';
import { LOCALES } from '../../core/i18n/locales.ts';

/** ELD's code for the site's locales where they differ: ELD knows Indonesian as Malay. */
const SITE_LOCALE = /** @type {Record<string, string>} */ ({ ms: 'id' });

/**
 * How much better the other language must score than the file's own: Spanish, Portuguese and
 * Italian (or Indonesian and Tagalog) share many n-grams, and a close call is not a finding.
 */
const MARGIN = 0.08;

const HAN = /\p{Script=Han}/gu;
const KANA = /[\p{Script=Hiragana}\p{Script=Katakana}]/u;
const HANGUL = /\p{Script=Hangul}/u;
const WORD = /[\p{L}\p{M}][\p{L}\p{M}'’-]*/gu;

/**
 * The size of a text in words: a word of a spaced script counts one, and since Chinese and
 * Japanese put no spaces between words, every three characters of theirs (kana too) count two,
 * the average length of a word of Chinese.
 */
export function wordCount(/** @type {string} */ text) {
  const ideographs = (text.match(/[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/gu) ?? []).length;
  const spaced = text.replace(/[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/gu, ' ');
  return (spaced.match(WORD) ?? []).length + Math.floor(ideographs / 1.5);
}

/**
 * Chinese and Japanese share the Han characters, Korean may use them: kana makes a sentence
 * Japanese and Hangul makes it Korean whatever the n-grams say, so only a sentence without them
 * can be Chinese in a Japanese or Korean file.
 */
function scriptAllows(/** @type {string} */ text, /** @type {string} */ locale, /** @type {string} */ found) {
  if (locale === 'ja' && found === 'zh') return !KANA.test(text) && (text.match(HAN) ?? []).length >= 8;
  if (locale === 'ko' && (found === 'zh' || found === 'ja')) return !HANGUL.test(text);
  return true;
}

/**
 * The site locale a text is written in when it is not `locale`, or null when it is, or when the
 * identifier is unsure (too short, a close call, or a language the site does not have).
 * @param {string} text  with names, numbers and placeholders already blanked out
 * @param {string} locale  the file's locale
 * @returns {string | null}
 */
export function otherLanguage(text, locale) {
  const result = eld.detect(text);
  if (!result.language || !result.isReliable()) return null;
  const found = SITE_LOCALE[result.language] ?? result.language;
  if (found === locale || !LOCALES.includes(/** @type {any} */ (found))) return null;
  const scores = /** @type {Record<string, number>} */ (result.getScores());
  const own = Object.entries(scores).find(([code]) => (SITE_LOCALE[code] ?? code) === locale)?.[1] ?? 0;
  if ((scores[result.language] ?? 0) - own < MARGIN) return null;
  return scriptAllows(text, locale, found) ? found : null;
}

const NAMES = new Intl.DisplayNames(['en'], { type: 'language' });

/** The English name of a locale, as the check's messages are written in English. */
export const languageName = (/** @type {string} */ locale) => NAMES.of(locale) ?? locale;
