import { describe, expect, it } from 'vitest';
import { checkContent, checkMessageSets } from '../../../scripts/i18n-check/check.ts';

const intlTags = { en: 'en-US', de: 'de-DE', ru: 'ru-RU', ja: 'ja-JP' };
const english = {
  'faq.json': {
    title: 'Questions',
    answers_one: '{count} answer',
    answers_other: '{count} answers',
    nested: { hello: 'Hello {name}' },
  },
};
const goodGerman = {
  'faq.json': {
    title: 'Fragen',
    answers_one: '{count} Antwort',
    answers_other: '{count} Antworten',
    nested: { hello: 'Hallo {name}' },
  },
};

describe('checkMessageSets', () => {
  it('accepts a complete translation', () => {
    expect(checkMessageSets({ sets: { en: english, de: goodGerman }, intlTags })).toEqual([]);
  });

  it('reports missing and extra keys, and missing files', () => {
    const de = { 'faq.json': { ...goodGerman['faq.json'], nested: {}, stray: 'x' } };
    expect(checkMessageSets({ sets: { en: english, de }, intlTags })).toEqual([
      'locales/de/faq.json: missing key "nested.hello"',
      'locales/de/faq.json: extra key "stray"',
    ]);
    expect(checkMessageSets({ sets: { en: english, de: {} }, intlTags })).toEqual([
      'locales/de/faq.json: missing file',
    ]);
  });

  it('reports empty values, English copies and broken placeholders', () => {
    const de = {
      'faq.json': {
        ...goodGerman['faq.json'],
        title: ' ',
        answers_other: '{anzahl} Antworten',
        nested: { hello: 'Hello {name}' },
      },
    };
    expect(checkMessageSets({ sets: { en: english, de }, intlTags })).toEqual([
      'locales/de/faq.json: empty value for "title"',
      'locales/de/faq.json: "answers_other" has {anzahl}, which English does not have → write {count} ' +
        'instead of {anzahl} (the names in braces stay in English)',
      'locales/de/faq.json: "nested.hello" is identical to English ("Hello {name}")',
    ]);
  });

  it('lets the allowlist keep a value identical to English', () => {
    const de = { 'faq.json': { ...goodGerman['faq.json'], title: 'Questions' } };
    expect(
      checkMessageSets({ sets: { en: english, de }, intlTags, allowlist: { de: { 'faq.json': ['title'] } } }),
    ).toEqual([]);
  });

  it('demands exactly the plural categories of each language', () => {
    const ruMissingFew = {
      'faq.json': {
        title: 'Вопросы',
        answers_one: '{count} ответ',
        answers_many: '{count} ответов',
        answers_other: '{count} ответа',
        nested: { hello: 'Привет, {name}' },
      },
    };
    expect(checkMessageSets({ sets: { en: english, ru: ruMissingFew }, intlTags })).toEqual([
      'locales/ru/faq.json: missing key "answers_few"',
    ]);
    const jaWithOne = {
      'faq.json': {
        title: '質問',
        answers_one: '{count}件',
        answers_other: '{count}件の回答',
        nested: { hello: '{name}さん、こんにちは' },
      },
    };
    expect(checkMessageSets({ sets: { en: english, ja: jaWithOne }, intlTags })).toEqual([
      'locales/ja/faq.json: extra key "answers_one"',
    ]);
  });

  it('reports a file that has no English original', () => {
    expect(checkMessageSets({ sets: { en: english, de: { ...goodGerman, 'extra.json': {} } }, intlTags })).toEqual([
      'locales/de/extra.json: extra file with no English original',
    ]);
  });
});

describe('checkContent', () => {
  const en = { 'withdrawal-time': '---\nquestion: How long?\ncategory: withdrawals\norder: 5\n---\nA day.' };

  it('accepts a translation that carries only its text', () => {
    const de = { 'withdrawal-time': '---\nquestion: Wie lange?\n---\nEinen Tag.' };
    expect(checkContent({ collections: { faq: { en, de } }, locales: ['en', 'de'] })).toEqual([]);
  });

  it('reports missing, untranslated and renamed entries, each with what to do', () => {
    const de = { 'auszahlung-dauer': '---\nquestion: Wie lange?\n---\nEinen Tag.' };
    const ja = { 'withdrawal-time': '---\nquestion: どのくらい？\n---\nA day.' };
    expect(checkContent({ collections: { faq: { en, de, ja } }, locales: ['en', 'de', 'ja'] })).toEqual([
      'src/content/faq/de/withdrawal-time.md: missing, so the page shows the English entry → run npm run ' +
        'i18n:new -- faq/withdrawal-time de, then translate the file',
      'src/content/faq/de/auszahlung-dauer.md:1: no English original with this name, so it is never shown ' +
        '→ rename it to match a file in src/content/faq/en/, or delete it',
      'src/content/faq/ja/withdrawal-time.md:4: the text is identical to English → translate it',
    ]);
  });
});
