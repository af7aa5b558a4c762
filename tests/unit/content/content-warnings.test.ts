import { describe, expect, it, vi } from 'vitest';
import { contentWarningsReport } from '../../../integrations/content-warnings.mjs';
import { warnContent } from '../../../src/content/warnings.mjs';

describe('content warnings', () => {
  it('come as one block after the build, each file once with its locale', () => {
    const { hooks } = contentWarningsReport();
    hooks['astro:build:start']();
    // /ja/faq and /ja/rules render in turn; the same missing file may be reported by several pages.
    warnContent('ja: src/content/faq/ja/withdrawal-time.md is missing; the English entry is shown in its place');
    warnContent('de: src/content/rules/de/bonus-terms.md is missing; the English entry is shown in its place');
    warnContent('ja: src/content/faq/ja/withdrawal-time.md is missing; the English entry is shown in its place');
    const logger = { warn: vi.fn() };
    hooks['astro:build:done']({ logger } as never);
    expect(logger.warn).toHaveBeenCalledTimes(1);
    expect(logger.warn).toHaveBeenCalledWith(
      '2 content warning(s); `npm run i18n:check` explains each:\n' +
        '  de: src/content/rules/de/bonus-terms.md is missing; the English entry is shown in its place\n' +
        '  ja: src/content/faq/ja/withdrawal-time.md is missing; the English entry is shown in its place',
    );
  });

  it('print nothing when every translation exists', () => {
    const { hooks } = contentWarningsReport();
    hooks['astro:build:start']();
    const logger = { warn: vi.fn() };
    hooks['astro:build:done']({ logger } as never);
    expect(logger.warn).not.toHaveBeenCalled();
  });
});
