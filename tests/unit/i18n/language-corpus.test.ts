// The language check against a corpus per locale (tests/fixtures/language-corpus/<locale>.json):
// texts correct in that locale pass; texts of another of the site's languages, as a question: value,
// as a paragraph and as one sentence inside a correct paragraph, are each named with their line and
// the language they are in. Names, placeholders, addresses and numbers are never a finding.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LOCALES, LOCALE_NAMES } from '../../../core/i18n/locales.ts';
import { languageName, wordCount } from '../../../scripts/i18n-check/identify.mjs';
import { findWrongLanguage } from '../../../scripts/i18n-check/language.mjs';

interface Corpus {
  correct: string[];
  wrong: { language: string; text: string }[];
}
const corpus = (locale: string): Corpus =>
  JSON.parse(
    readFileSync(join(import.meta.dirname, '../../fixtures/language-corpus', `${locale}.json`), 'utf8'),
  ) as Corpus;

/** A file of `locale` with `question` in its front matter (line 2) and `body` from line 4. */
const check = (locale: string, question: string, body: string) =>
  findWrongLanguage({
    text: `---\nquestion: ${JSON.stringify(question)}\n---\n${body}\n`,
    locale,
    data: { question },
    fieldLines: { question: 2 },
    textFields: ['question'],
  });

describe.each(LOCALES)('language corpus: %s', (locale) => {
  const { correct, wrong } = corpus(locale);

  it('has correct samples and wrong-language samples from at least two other languages', () => {
    expect(correct.length).toBeGreaterThanOrEqual(6);
    expect(new Set(wrong.map((sample) => sample.language)).size).toBeGreaterThanOrEqual(2);
    expect(wrong.every((sample) => sample.language !== locale)).toBe(true);
  });

  it.each(correct.map((text, index) => [index, text]))('passes correct text %i', (_, text) => {
    expect(check(locale, String(text), String(text))).toEqual([]);
  });

  it.each(wrong.map((sample) => [sample.language, sample.text]))(
    'names text in %s with its line and language',
    (language, text) => {
      const name = languageName(language);
      const fix = `translate it into ${LOCALE_NAMES[locale]}`;
      // Wrong in the question:, and as a paragraph after a correct one (line 6).
      const problems = check(locale, text, `${correct[1]}\n\n${text}`);
      expect(problems.map((problem) => problem.line)).toEqual([2, 6]);
      for (const problem of problems) {
        expect(problem.fix).toBe(fix);
        // A text in another script may be named by its script before the identifier is asked.
        expect(problem.message).toMatch(new RegExp(`is in (${name}|\\w+ script)`));
      }
      // One sentence inside a correct paragraph, on the line it starts.
      const inside = check(locale, correct[0] ?? '', `${correct[1]}\n${text}`);
      expect(inside.map((problem) => problem.line)).toEqual([5]);
    },
  );
});

describe('the planted cases of issue 44', () => {
  const planted = [
    ['de', 'ru', 'Russian'],
    ['it', 'fr', 'French'],
    ['ja', 'zh', 'Chinese'],
    ['ko', 'zh', 'Chinese'],
  ] as const;

  it.each(planted)('a %s file with a %s question and paragraph: both named as %s', (locale, from, name) => {
    const sample = corpus(locale).wrong.filter((entry) => entry.language === from);
    const [question, paragraph] = sample.map((entry) => entry.text);
    const problems = check(locale, question ?? '', paragraph ?? '');
    expect(problems.map((problem) => [problem.line, problem.message.split(': "')[0]])).toEqual([
      [2, `the value of "question:" is in ${name}`],
      [4, `a sentence of this paragraph is in ${name}`],
    ]);
  });
});

describe('never a finding', () => {
  const neutral = [
    '{support_email} {amount} {minutes}',
    'AmberPlay GamCare BeGambleAware Gambling Therapy Gamblers Anonymous GamStop Visa Mastercard Bitcoin',
    '€1,234.50 / 100,000 / 1.234,50 € / 10:00 UTC / 24 / 72 / 2026-11-29',
    '[https://www.gamblingtherapy.org/](https://www.gamblingtherapy.org/) support@amberplay.test /faq#withdrawal-time',
  ];

  it.each(LOCALES)('names, placeholders, numbers and addresses in a %s file', (locale) => {
    for (const text of neutral) expect(check(locale, text, text)).toEqual([]);
  });

  it('a text shorter than four words (Chinese or Japanese: six characters) is not judged', () => {
    expect(check('de', 'Как дела?', 'Nous avons fini.')).toEqual([]);
    expect(check('ja', '提款时间', '我们审核')).toEqual([]);
    expect(wordCount('提款需要多长时间')).toBe(5);
    expect(wordCount('Wie lange dauert eine Auszahlung?')).toBe(5);
  });

  it('Japanese with kanji and kana, and Korean with Hanja, stay Japanese and Korean', () => {
    expect(
      check('ja', '出金申請は毎日審査しております。', '本人確認書類の提出後、出金手続きを開始いたします。'),
    ).toEqual([]);
    expect(check('ko', '出金 요청은 매일 검토해요.', '本人 확인 서류를 제출하시면 출금 절차를 시작해요.')).toEqual([]);
  });
});
