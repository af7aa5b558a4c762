// `npm run i18n:check` run for real on a copy of the content with one broken file per rule:
// every problem must come back as the exact `file:line: what is wrong → what to do` line.
import { execFile } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const project = join(import.meta.dirname, '../../..');
const temp = mkdtempSync(join(tmpdir(), 'content-check-'));
const content = join(temp, 'content');
const shown = relative(project, content);

/** Writes a file into the copy, relative to the content folder. */
const put = (path: string, text: string) => writeFileSync(join(content, path), text);
const faq = (front: string, body = 'Text.') => `---\n${front}\n---\n${body}\n`;

let output = '';
let exitCode = 0;

beforeAll(async () => {
  cpSync(join(project, 'src/content'), content, {
    recursive: true,
    filter: (path) => !path.endsWith('.ts') && !path.endsWith('.mjs'),
  });
  // The broken inputs, one file each (English files, so they need no translations to be checked).
  put('faq/en/withdrawal-time.md', faq('category: withdrawals\norder: 5')); // `question` deleted
  put('faq/en/bonus-cancel.md', faq('question: Can I cancel: a bonus?\ncategory: bonuses\norder: 8'));
  put('faq/en/create-account.md', faq('question: How?\ncategory: acount\norder: first'));
  put(
    'faq/en/deposit-methods.md',
    faq(
      'question: Which methods?\ncategory: deposits\norder: 3',
      'See [loyalty](/loyalty-programme) and [the FAQ](/faq#no-such-entry).',
    ),
  );
  put(
    'faq/en/forgot-password.md',
    faq(
      'question: Forgot?\ncategory: security\norder: 12',
      'Visit [us](https://exmaple.invalid) or [this](javascript:alert(1)).\n\nOld [site](http://example.org/help).',
    ),
  );
  put(
    'faq/en/account-security.md',
    faq(
      'question: Safe?\ncategory: security\norder: 11',
      'Safe.\n\n<script>alert(1)</script>\n\nA picture: ![](/images/safe.png)\n\n![A trap](javascript:alert(1))',
    ),
  );
  put('faq/de/verify-account.md', faq('question: Warum?\ncategory: account\norder: 2', 'Weil es das Gesetz verlangt.'));
  const loyaltyLevels = readFileSync(join(content, 'faq/en/loyalty-levels.md'), 'utf8');
  put('faq/en/smart tv.md', loyaltyLevels.replace('order: 10', 'order: 20'));
  put('faq/en/Play-On-Tablet.md', loyaltyLevels.replace('order: 10', 'order: 21'));
  try {
    await promisify(execFile)(process.execPath, ['scripts/i18n-check.mjs'], {
      cwd: project,
      env: { ...process.env, CONTENT_DIR: content },
    });
  } catch (error) {
    const failed = error as { code: number; stderr: string };
    exitCode = failed.code;
    output = failed.stderr;
  }
});

afterAll(() => rmSync(temp, { recursive: true, force: true }));

describe('npm run i18n:check on broken Markdown', () => {
  it('fails', () => {
    expect(exitCode).toBe(1);
  });

  it.each([
    [
      'a missing field, on the closing --- line',
      'faq/en/withdrawal-time.md:4: "question" is missing → add a line question: … before this ---',
    ],
    [
      'a colon in a value, on its true line',
      'faq/en/bonus-cancel.md:2: the front matter cannot be read (bad indentation of a mapping entry) → ' +
        'put the value in double quotes: question: "Can I cancel: a bonus?"',
    ],
    [
      'an unknown category',
      'faq/en/create-account.md:3: "category" is "acount", not one of account, deposits, withdrawals, ' +
        'bonuses, loyalty, security, responsible_gaming → write one of: account, deposits, withdrawals, ' +
        'bonuses, loyalty, security, responsible_gaming',
    ],
    ['an order that is not a number', 'faq/en/create-account.md:4: "order" must be a whole number → write order: 5'],
    [
      'an id with a space',
      'faq/en/smart tv.md:1: the file name "smart tv.md" is not a valid id (it becomes the address ' +
        '/…#smart tv) → rename the file to smart-tv.md: lower-case letters, digits and hyphens only',
    ],
    [
      'an id with capitals',
      'faq/en/Play-On-Tablet.md:1: the file name "Play-On-Tablet.md" is not a valid id (it becomes the ' +
        'address /…#Play-On-Tablet) → rename the file to play-on-tablet.md: lower-case letters, digits and ' +
        'hyphens only',
    ],
    [
      'a link to a page that does not exist',
      'faq/en/deposit-methods.md:6: there is no page /loyalty-programme → use one of /, /faq, /loyal, ' +
        '/rules, /responsible_gaming, /play, /reset-password, /activate, /confirm-email, /profile, ' +
        '/profile/bonus, /profile/balance, /profile/deposit, /profile/history, /profile/loyalty, ' +
        '/profile/withdrawal, /profile/notification, /profile/security, /profile/affiliate_program, ' +
        '/profile/responsible_gaming',
    ],
    [
      'a link to an #anchor that does not exist',
      'faq/en/deposit-methods.md:6: there is no #no-such-entry on /faq → use the file name of an entry, ' +
        'for example /faq#account-security, /faq#bonus-cancel, /faq#bonus-wagering',
    ],
    [
      'a misspelt external address',
      'faq/en/forgot-password.md:6: "https://exmaple.invalid" has no real domain name ("exmaple.invalid") ' +
        '→ check the spelling; copy the address from the browser’s address bar',
    ],
    [
      'a javascript: link',
      'faq/en/forgot-password.md:6: "javascript:alert(1)" uses "javascript:", which is not allowed → link ' +
        'only to https: addresses, mailto: addresses, or pages of this site',
    ],
    [
      'an http: link',
      'faq/en/forgot-password.md:8: "http://example.org/help" uses http: → write https://example.org/help',
    ],
    [
      'raw HTML',
      'faq/en/account-security.md:8: raw HTML <script> is not allowed and is removed from the page → write ' +
        'it in Markdown instead (bold, italic, links and lists: see docs/editing.md)',
    ],
    [
      'an image without alt text',
      'faq/en/account-security.md:10: an image (/images/safe.png) has no alt text → describe the picture ' +
        'between the square brackets after the !',
    ],
    [
      'an image with an unsafe address',
      'faq/en/account-security.md:12: the image address "javascript:alert(1)" is not allowed → use a ' +
        'picture of this site (/images/…) or an https: address',
    ],
    [
      'structure in a translation',
      (
        'faq/de/verify-account.md:3: "category" is set only in the English file → delete this line; change ' +
        'it in src/content/faq/en/verify-account.md for every language'
      ).replace('src/content', shown),
    ],
  ])('reports %s', (_what, line) => {
    expect(output.split('\n').map((l) => l.trim())).toContain(`${shown}/${line}`);
  });
});
