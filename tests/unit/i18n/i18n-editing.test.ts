// The checks for editors added with the browser editor: half-translated text, missing
// pictures, message-file syntax and placeholders, translation status, and `npm run i18n:new`.
import { execFile } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { checkMessageSets, placeholderMismatch } from '../../../scripts/i18n-check/check.ts';
import { keyLines, parseJson } from '../../../scripts/i18n-check/json.mjs';
import { findMissingBlocks, findWrongLanguage } from '../../../scripts/i18n-check/language.mjs';
import { sourceHash, translationStatus } from '../../../scripts/i18n-status/status.mjs';
import { CONTENT_COLLECTIONS } from '../../../src/content/lint/collections.mjs';
import { formatProblem, lintFile } from '../../../src/content/lint/lint-file.mjs';

const project = join(import.meta.dirname, '../../..');
const read = (path: string) => readFileSync(join(project, path), 'utf8');
const jaWithdrawal = read('src/content/faq/ja/withdrawal-time.md');
const enWithdrawal = read('src/content/faq/en/withdrawal-time.md');

describe('half-translated text (language identifier)', () => {
  it('finds an English question: value in a Japanese file, on its line', () => {
    const text = jaWithdrawal.replace(
      'question: 出金にはどのくらい時間がかかりますか？',
      'question: How long does a withdrawal take?',
    );
    expect(
      findWrongLanguage({
        text,
        locale: 'ja',
        data: { question: 'How long does a withdrawal take?' },
        fieldLines: { question: 2 },
        textFields: ['question'],
      }),
    ).toEqual([
      {
        line: 2,
        message: 'the value of "question:" is in English: "How long does a withdrawal take"',
        fix: 'translate it into 日本語',
      },
    ]);
  });

  it('finds an English paragraph inside a Japanese answer, and an English sentence inside a Japanese paragraph', () => {
    const text =
      jaWithdrawal.replace(
        '\n\n出金が却下された場合',
        '\n\nIf a withdrawal is rejected, the whole amount returns to your balance.\n\n出金が却下された場合',
      ) + 'キャンセルはできません。 We tell you with a notification and an email.\n';
    expect(findWrongLanguage({ text, locale: 'ja', textFields: [] })).toEqual([
      {
        line: 6,
        message: 'a sentence of this paragraph is in English: "If a withdrawal is rejected, the whole amount…"',
        fix: 'translate it into 日本語',
      },
      {
        line: 9,
        message: 'a sentence of this paragraph is in English: "We tell you with a notification and an email"',
        fix: 'translate it into 日本語',
      },
    ]);
  });

  it('finds English sentences in Latin-script languages, headings too, and a foreign script', () => {
    const de =
      '---\nquestion: Wie lange dauert eine Auszahlung?\n---\n## Before your first withdrawal you need to ' +
      'verify\n\nWir prüfen Anträge täglich. Our staff then review it and either pay it or reject it.\n';
    expect(findWrongLanguage({ text: de, locale: 'de', textFields: [] })).toEqual([
      {
        line: 4,
        message: 'this heading is in English: "Before your first withdrawal you need to verify"',
        fix: 'translate it into Deutsch',
      },
      {
        line: 6,
        message: 'a sentence of this paragraph is in English: "Our staff then review it and either pay it or…"',
        fix: 'translate it into Deutsch',
      },
    ]);
    const ja = '---\nquestion: 質問\n---\nВывод средств занимает до трёх рабочих дней.\n';
    expect(findWrongLanguage({ text: ja, locale: 'ja', textFields: [] })).toEqual([
      {
        line: 4,
        message: 'a sentence of this paragraph is in Russian: "Вывод средств занимает до трёх рабочих дней."',
        fix: 'translate it into 日本語',
      },
    ]);
    // Too short for the identifier, but of another script.
    const hangul = '---\nquestion: Frage\n---\nBitte 출금 요청 확인 완료 lesen.\n';
    expect(findWrongLanguage({ text: hangul, locale: 'de', textFields: [] })).toEqual([
      {
        line: 4,
        message:
          'a sentence of this paragraph is in Hangul script, not the script of Deutsch: "출금 요청 확인 완료 lesen."',
        fix: 'translate it into Deutsch',
      },
    ]);
  });

  it('leaves names, loanwords, short phrases, links and placeholders alone', () => {
    const tl =
      '---\nquestion: Gaano katagal ang pag-withdraw?\n---\nHiwalay ang bawat round ng laro. Sumulat sa ' +
      '{support_email} o sa [Gambling Therapy](https://www.gamblingtherapy.org/).\n\nIsinasara ng ' +
      'self-exclusion ang iyong account para sa panahong pipiliin mo.\n';
    expect(
      findWrongLanguage({
        text: tl,
        locale: 'tl',
        data: { question: 'Gaano katagal ang pag-withdraw?' },
        fieldLines: { question: 2 },
        textFields: ['question'],
      }),
    ).toEqual([]);
    const ja =
      '---\nquestion: 2段階認証とは？\n---\nGoogle Authenticator などのアプリで AmberPlay ' +
      'にログインできます。[support@amberplay.test](mailto:support@amberplay.test)\n';
    expect(findWrongLanguage({ text: ja, locale: 'ja', textFields: [] })).toEqual([]);
  });

  it('names the English paragraph added after the translation was written', () => {
    const english = enWithdrawal + '\nYou can follow every withdrawal in your history.\n';
    expect(
      findMissingBlocks({
        text: jaWithdrawal,
        englishText: english,
        englishFile: 'src/content/faq/en/withdrawal-time.md',
      }),
    ).toEqual([
      {
        line: 6,
        message: 'the English file has 3 paragraphs, this translation 2',
        fix: 'translate the English paragraph on line 10 of src/content/faq/en/withdrawal-time.md and add it here',
      },
    ]);
    expect(findMissingBlocks({ text: jaWithdrawal, englishText: enWithdrawal, englishFile: 'x' })).toEqual([]);
  });
});

describe('pictures', () => {
  const site = new Map([['/faq', new Set<string>()]]);
  const lint = (body: string, asset: (url: string) => { size: number } | null) =>
    lintFile({
      file: 'src/content/faq/en/x.md',
      text: `---\nquestion: Q?\ncategory: account\norder: 1\n---\n${body}\n`,
      locale: 'en',
      rules: CONTENT_COLLECTIONS.faq,
      site,
      asset,
    }).problems.map((p) => formatProblem('src/content/faq/en/x.md', p));

  it('flags a picture that does not exist, or is too big, with its line', () => {
    const files: Record<string, number> = {
      '/images/deposit.webp': 40_000,
      '/images/huge.png': 2_000_000,
      'local.webp': 1000,
    };
    const asset = (url: string) => (url in files ? { size: files[url]! } : null);
    expect(
      lint(
        '![The deposit page](/images/deposit.webp)\n\n![A missing ' +
          'one](/images/nope.png)\n\n![Big](/images/huge.png)\n\n![Next to ' +
          'it](local.webp)\n\n![Remote](https://example.org/a.png)',
        asset,
      ),
    ).toEqual([
      'src/content/faq/en/x.md:8: the picture /images/nope.png does not exist → put the file in ' +
        'public/images/nope.png, or correct the address',
      'src/content/faq/en/x.md:10: the picture /images/huge.png is 1953 KB, more than 300 KB → make it ' +
        'smaller: at most 1600 pixels wide, saved as .webp or .jpg (see docs/editing.md, "Pictures")',
    ]);
  });
});

describe('message files', () => {
  it('names the true line and column of a missing comma, and the fix', () => {
    const text = '{\n  "title": "Fragen",\n  "hello": "Hallo"\n  "bye": "Tschüss"\n}\n';
    expect(parseJson(text).problem).toEqual({
      line: 3,
      column: 19,
      message: 'a comma is missing at the end of this line',
      fix: 'type a comma after the value: "hello": "Hallo",',
    });
  });

  it('explains a trailing comma, an unclosed text, single quotes and a cut-off file', () => {
    expect(parseJson('{\n  "a": "x",\n}\n').problem).toEqual({
      line: 2,
      column: 11,
      message: 'a comma stands before the closing }',
      fix: 'delete the comma at the end of line 2: the last entry of a block has none',
    });
    expect(parseJson('{\n  "a": "x,\n  "b": "y"\n}\n').problem).toMatchObject({
      line: 2,
      column: 8,
      message: 'a text is not closed on its line',
    });
    expect(parseJson('{\n  \'a\': "x"\n}\n').problem).toMatchObject({
      line: 2,
      column: 3,
      message: 'single quotes are not allowed',
    });
    expect(parseJson('{\n  "a": {\n    "b": "y"\n  }\n').problem).toMatchObject({
      line: 4,
      message: 'the file ends before every { and [ is closed',
    });
    expect(parseJson('{"a": 1}').problem).toBeNull();
  });

  it('knows the line of every key', () => {
    expect(keyLines('{\n  "a": "x",\n  "nav": {\n    "b": "y",\n    "c": ["p"]\n  },\n  "e": "w"\n}')).toEqual({
      a: 2,
      nav: 3,
      'nav.b': 4,
      'nav.c': 5,
      e: 7,
    });
  });

  it('says which placeholder to write, on the key line, once per problem', () => {
    expect(placeholderMismatch('{anzahl} Antworten', '{count} answers')).toBe(
      'has {anzahl}, which English does not have → write {count} instead of {anzahl} (the names in braces ' +
        'stay in English)',
    );
    expect(placeholderMismatch('Antworten', '{count} answers')).toBe(
      'lacks {count} → write {count} where the English text has it (the names in braces stay in English)',
    );
    expect(placeholderMismatch('{count} {x} Antworten', '{count} answers')).toBe(
      'has {x}, which English does not have → delete {x} (the names in braces stay in English)',
    );
    const sets = {
      en: { 'faq.json': { title: 'Questions', n: '{count} answers' } },
      de: { 'faq.json': { title: 'Fragen', n: '{anzahl} Antworten' } },
      ru: {},
    };
    const lines = { de: { 'faq.json': { title: 2, n: 3 } } };
    expect(
      checkMessageSets({
        sets,
        intlTags: { en: 'en-US', de: 'de-DE', ru: 'ru-RU' },
        lines,
        broken: new Set(['ru/faq.json']),
      }),
    ).toEqual([
      'locales/de/faq.json:3: "n" has {anzahl}, which English does not have → write {count} instead of ' +
        '{anzahl} (the names in braces stay in English)',
    ]);
  });
});

describe('translation status', () => {
  const en = '---\nquestion: Q?\ncategory: account\norder: 1\n---\nText.\n';
  const collections = { faq: { en: { a: en, b: en }, ja: { a: '---\nquestion: 質問\n---\n本文。\n' } } };
  const textFields = { faq: ['question'] };

  it('by git history: stale when the English file changed after the translation, missing with the command', () => {
    const times: Record<string, number> = { 'en/a': 2000, 'ja/a': 1000 };
    const statusByTime = () =>
      translationStatus({
        collections,
        textFields,
        locales: ['en', 'ja'],
        changed: (_f, l, id) => times[`${l}/${id}`],
      });
    expect(statusByTime()).toEqual([
      {
        collection: 'faq',
        id: 'a',
        locale: 'ja',
        state: 'stale',
        why: 'English changed 1970-01-01 00:33 UTC, the translation 1970-01-01 00:16 UTC',
      },
      { collection: 'faq', id: 'b', locale: 'ja', state: 'missing', why: 'npm run i18n:new -- faq/b ja' },
    ]);
    times['ja/a'] = 3000;
    expect(statusByTime()[0]?.state).toBe('up to date');
  });

  it('outside git: by the recorded hash of the English text (category and order do not count)', () => {
    const hash = sourceHash(en, ['question']);
    expect(hash).toMatch(/^en-[0-9a-f]{12}$/);
    expect(sourceHash(en.replace('order: 1', 'order: 9'), ['question'])).toBe(hash);
    const ja = `---\nquestion: 質問\nsource_hash: "${hash}"\n---\n本文。\n`;
    const rows = (english: string) =>
      translationStatus({
        collections: { faq: { en: { a: english }, ja: { a: ja } } },
        textFields,
        locales: ['en', 'ja'],
        changed: null,
      });
    expect(rows(en)[0]).toMatchObject({ state: 'up to date' });
    expect(rows(en.replace('Text.', 'Text.\n\nMore text.'))[0]).toMatchObject({ state: 'stale' });
    // The browser editor writes it without quotes: still the same text.
    const unquoted = translationStatus({
      collections: { faq: { en: { a: en }, ja: { a: ja.replace(`"${hash}"`, hash) } } },
      textFields,
      locales: ['en', 'ja'],
      changed: null,
    });
    expect(unquoted[0]).toMatchObject({ state: 'up to date' });
  });
});

describe('npm run i18n:new', () => {
  const temp = mkdtempSync(join(tmpdir(), 'i18n-new-'));
  const content = join(temp, 'content');
  afterAll(() => rmSync(temp, { recursive: true, force: true }));
  const run = async (script: string, args: string[] = []) => {
    try {
      const { stdout } = await promisify(execFile)(process.execPath, [script, ...args], {
        cwd: project,
        env: { ...process.env, CONTENT_DIR: content },
      });
      return { code: 0, out: stdout };
    } catch (error) {
      const failed = error as { code: number; stderr: string };
      return { code: failed.code, out: failed.stderr };
    }
  };

  it('is the advice for a missing translation; writes a file with the right front matter', async () => {
    cpSync(join(project, 'src/content'), content, {
      recursive: true,
      filter: (path) => !path.endsWith('.ts') && !path.endsWith('.mjs'),
    });
    const shown = relative(project, content);
    rmSync(join(content, 'faq/de/withdrawal-time.md'));
    const before = await run('scripts/i18n-check.mjs');
    expect(before.code).toBe(1);
    expect(before.out).toContain(
      `${shown}/faq/de/withdrawal-time.md: missing, so the page shows the English entry → run npm run ` +
        `i18n:new -- faq/withdrawal-time de, then translate the file\n`,
    );

    expect((await run('scripts/i18n-new.mjs', ['faq/withdrawal-time', 'de'])).code).toBe(0);
    const written = readFileSync(join(content, 'faq/de/withdrawal-time.md'), 'utf8');
    const hash = sourceHash(read('src/content/faq/en/withdrawal-time.md'), ['question']);
    expect(written).toBe(
      `---\nquestion: How long does a withdrawal take?\nsource_hash: "${hash}"\n---\n${enWithdrawal.split('---\n')[2]}`,
    );
    // Only "translate it" remains: no front-matter problem.
    const draft = await run('scripts/i18n-check.mjs');
    expect(draft.out).not.toMatch(/category|order|unknown field|front matter/);
    expect(draft.out).toContain(
      `${shown}/faq/de/withdrawal-time.md:2: the value of "question:" is in English: "How long does a ` +
        `withdrawal take?" → translate it into Deutsch`,
    );

    const german = read('src/content/faq/de/withdrawal-time.md').replace(
      /^---\n(question: .*)\n---\n/,
      `---\n$1\nsource_hash: "${hash}"\n---\n`,
    );
    writeFileSync(join(content, 'faq/de/withdrawal-time.md'), german);
    const after = await run('scripts/i18n-check.mjs');
    expect(after).toMatchObject({ code: 0 });
    const status = await run('scripts/i18n-status.mjs');
    expect(status.out).toMatch(/312 translations: \d+ up to date/);
  }, 60_000);
});
