// `npm run i18n:status`: a translation file that holds nothing (what the browser editor used to
// write for every language of a new entry) is missing, never up to date; a stale one is shown with
// the English diff since it was translated, and its age in days (by commit dates) can warn or fail.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blankTranslation, translationStatus } from '../../../scripts/i18n-status/status.mjs';

const project = new URL('../../..', import.meta.url).pathname;

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

describe('npm run i18n:status on a git history of fixed dates', () => {
  const repo = mkdtempSync(join(tmpdir(), 'i18n-status-'));
  const content = join(repo, 'content');
  afterAll(() => rmSync(repo, { recursive: true, force: true }));
  /** One commit at `date` (never today's): the committer's and the author's date. */
  const commit = (date: string, files: Record<string, string>) => {
    for (const [path, text] of Object.entries(files)) {
      mkdirSync(dirname(join(content, path)), { recursive: true });
      writeFileSync(join(content, path), text);
    }
    const env = { ...process.env, GIT_AUTHOR_DATE: date, GIT_COMMITTER_DATE: date };
    execFileSync('git', ['add', '.'], { cwd: repo });
    execFileSync('git', ['commit', '-q', '-m', date], { cwd: repo, env });
  };
  const status = (args: string[], env: Record<string, string> = {}) =>
    spawnSync(process.execPath, ['scripts/i18n-status.mjs', ...args], {
      cwd: project,
      encoding: 'utf8',
      env: { ...process.env, CONTENT_DIR: content, I18N_STALE_WARN_DAYS: '30', ...env },
    });
  const english = (item: string) =>
    `---\nquestion: What can I do?\ncategory: account\norder: 1\n---\nYou can:\n\n- deposit\n- ${item}\n- play\n`;

  beforeAll(() => {
    execFileSync('git', ['init', '-q', '-b', 'main'], { cwd: repo });
    execFileSync('git', ['config', 'user.email', 'editor@amberplay.test'], { cwd: repo });
    execFileSync('git', ['config', 'user.name', 'Editor'], { cwd: repo });
    commit('2025-03-01T10:00:00Z', {
      'faq/en/features.md': english('withdraw'),
      'faq/ja/features.md': '---\nquestion: 何ができますか？\n---\nできること：\n\n- 入金\n- 出金\n- プレイ\n',
    });
    // English changes on 3 March; the newest commit (HEAD) is on 13 April: stale for 41 days.
    commit('2025-03-03T10:00:00Z', { 'faq/en/features.md': english('withdraw at any time') });
    commit('2025-04-13T10:00:00Z', { 'faq/en/other.md': english('x') });
  });

  it('shows the English diff since the translation, and for how many days it is stale', () => {
    const run = status([]);
    expect(run.status).toBe(0);
    expect(run.stdout).toContain(
      'faq/features  ja: stale (English changed 2025-03-03 10:00 UTC, the translation 2025-03-01 10:00 UTC), ' +
        'for 41 days\n    the English text since the translation:\n    @@ -8,3 +8,3 @@ You can:\n' +
        '     - deposit\n    -- withdraw\n    +- withdraw at any time\n     - play\n',
    );
    // npm test's line: a warning over I18N_STALE_WARN_DAYS, never a failure.
    const summary = status(['--summary'], { I18N_STALE_WARN_DAYS: '40' });
    expect(summary.status).toBe(0);
    expect(summary.stdout).not.toContain('@@');
    expect(summary.stdout).toContain(
      'i18n:status: warning: 1 translation stale for more than 40 days (I18N_STALE_WARN_DAYS): faq/features ja ' +
        '(41 days)\n',
    );
    expect(status(['--summary'], { I18N_STALE_WARN_DAYS: '41' }).stdout).not.toContain('warning');
  });

  it('--fail-stale-days N fails only past N days', () => {
    const late = status(['--summary', '--fail-stale-days', '40']);
    expect(late.status).toBe(1);
    expect(late.stderr).toContain(
      'i18n:status: 1 stale for more than 40 days (--fail-stale-days): faq/features ja (41 days)',
    );
    expect(status(['--summary', '--fail-stale-days', '41']).status).toBe(0);
    expect(status(['--fail-stale-days', 'soon']).status).toBe(2);
  });
});
