// `npm run i18n:status`'s logic: a translation file that holds nothing (what the browser editor
// used to write for every language of a new entry) is missing, never up to date.
import { describe, expect, it } from 'vitest';
import { blankTranslation, translationStatus } from '../../../scripts/i18n-status/status.mjs';

describe('translation status of blank files', () => {
  const en = '---\nquestion: Q?\ncategory: account\norder: 1\n---\nText.\n';
  const textFields = { faq: ['question'] };

  it.each([
    ['empty', ''],
    ['only a blank line', '\n'],
    ['no front matter', 'Nur Text.\n'],
    ['an empty front matter and no text', '---\n---\n'],
    ['empty values and no text', '---\nquestion: ""\n---\n\n'],
  ])('%s: missing, with what to do, even when git says it changed after English', (_name, text) => {
    expect(blankTranslation(text)).toBe(true);
    const rows = translationStatus({
      collections: { faq: { en: { 'change-email': en }, de: { 'change-email': text } } },
      textFields,
      locales: ['en', 'de'],
      changed: (_f, locale) => (locale === 'en' ? 1000 : 2000),
    });
    expect(rows).toEqual([
      {
        collection: 'faq',
        id: 'change-email',
        locale: 'de',
        state: 'missing',
        why:
          'the file is empty or has no front matter: delete faq/de/change-email.md, then npm run i18n:new -- ' +
          'faq/change-email de',
      },
    ]);
  });

  it('a translation with a question, or with text, is not blank', () => {
    expect(blankTranslation('---\nquestion: Frage?\n---\n')).toBe(false);
    expect(blankTranslation('---\n---\nAntwort.\n')).toBe(false);
  });
});
