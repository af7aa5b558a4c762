// The support address is the players' one channel to us: set once (PUBLIC_SUPPORT_EMAIL for the
// site, SUPPORT_EMAIL for the server's mails), and every text that says "write to us" names it.
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_SUPPORT_EMAIL, expandContentTokens, supportEmail } from '#core/data/support-email.mjs';
import { readContentTree } from '../../../src/content/lint/content-tree.mjs';
import { LOCALES } from '#core/i18n/locales.mjs';
import { loadConfig } from '#server/config/server-config.ts';

const loadMailConfig = (env: Record<string, string>, dataDir: string) => loadConfig({ ...env, DATA_DIR: dataDir }).mail;

const content = join(import.meta.dirname, '../../../src/content');

afterEach(() => {
  delete process.env.PUBLIC_SUPPORT_EMAIL;
});

describe('supportEmail', () => {
  it('is PUBLIC_SUPPORT_EMAIL, trimmed, or support@amberplay.test when unset or empty', () => {
    expect(DEFAULT_SUPPORT_EMAIL).toBe('support@amberplay.test');
    expect(supportEmail({})).toBe('support@amberplay.test');
    expect(supportEmail({ PUBLIC_SUPPORT_EMAIL: '' })).toBe('support@amberplay.test');
    expect(supportEmail({ PUBLIC_SUPPORT_EMAIL: ' help@casino.example.org ' })).toBe('help@casino.example.org');
  });

  it.each(['support', 'support@', 'a b@example.org', '<x@example.org>', 'x@example', 'javascript:alert(1)@x.org'])(
    'refuses "%s" rather than publish a broken address',
    (value) => {
      expect(() => supportEmail({ PUBLIC_SUPPORT_EMAIL: value })).toThrow(
        /PUBLIC_SUPPORT_EMAIL must be an email address/,
      );
    },
  );
});

describe('{support_email} in Markdown', () => {
  it('becomes a mailto link, every time it occurs, with Markdown characters of the address escaped', () => {
    expect(expandContentTokens('Write to {support_email}, or {support_email}.', 'help@example.org')).toBe(
      'Write to [help@example.org](mailto:help@example.org), or [help@example.org](mailto:help@example.org).',
    );
    expect(expandContentTokens('Ask {support_email}', 'first_line*help@example.org')).toBe(
      'Ask [first\\_line\\*help@example.org](mailto:first_line*help@example.org)',
    );
    expect(expandContentTokens('No token here.', 'help@example.org')).toBe('No token here.');
  });

  it('is expanded when the content is read, so every locale’s “write to us” names the address', () => {
    const tree = readContentTree(content);
    for (const locale of LOCALES) {
      for (const id of ['account-security', 'deposit-not-credited']) {
        expect(tree.faq[locale]?.[id], `${locale}/${id}`).toContain(
          `[support@amberplay.test](mailto:support@amberplay.test)`,
        );
      }
    }
    const leftovers = Object.values(tree)
      .flatMap((byLocale) => Object.values(byLocale).flatMap((byId) => Object.values(byId)))
      .filter((text) => text.includes('{support_email}'));
    expect(leftovers).toEqual([]);
  });

  it('follows PUBLIC_SUPPORT_EMAIL at build time', () => {
    process.env.PUBLIC_SUPPORT_EMAIL = 'help@casino.example.org';
    expect(readContentTree(content).faq.ja?.['deposit-not-credited']).toContain('(mailto:help@casino.example.org)');
  });
});

describe('the server’s support address (mails)', () => {
  it('is SUPPORT_EMAIL, else the site’s PUBLIC_SUPPORT_EMAIL, else the default', () => {
    expect(loadMailConfig({}, '/tmp/x').supportEmail).toBe('support@amberplay.test');
    expect(loadMailConfig({ PUBLIC_SUPPORT_EMAIL: 'site@example.org' }, '/tmp/x').supportEmail).toBe(
      'site@example.org',
    );
    expect(
      loadMailConfig({ PUBLIC_SUPPORT_EMAIL: 'site@example.org', SUPPORT_EMAIL: 'mail@example.org' }, '/tmp/x')
        .supportEmail,
    ).toBe('mail@example.org');
    expect(() => loadMailConfig({ SUPPORT_EMAIL: 'nobody' }, '/tmp/x')).toThrow(
      /SUPPORT_EMAIL must be an email address/,
    );
  });
});
