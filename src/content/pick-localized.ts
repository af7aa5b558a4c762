import { DEFAULT_LOCALE, type Locale } from '../../core/i18n/locales.ts';
import { warnContent } from './warnings.mjs';

type Warn = (message: string) => void;

/**
 * Picks, for every English entry, the locale's own file or, when it is missing, the English one,
 * warning with the missing path (once per file, in the build's closing block). English is the source of truth: an entry
 * that exists only in
 * another locale is not shown (and `npm run i18n:check` reports it).
 */
export function pickLocalized<E extends { id: string; filePath?: string }>(
  entries: E[],
  locale: Locale,
  warn: Warn = (message) => warnContent(message, import.meta.env?.DEV),
): { slug: string; entry: E; fallback: boolean }[] {
  const byId = new Map(entries.map((entry) => [entry.id, entry]));
  return entries
    .filter((entry) => entry.id.startsWith(`${DEFAULT_LOCALE}/`))
    .map((english) => {
      const slug = english.id.slice(DEFAULT_LOCALE.length + 1);
      const own = byId.get(`${locale}/${slug}`);
      if (!own) {
        // The locale's file sits beside the English one: src/content/faq/en/x.md → …/faq/ja/x.md.
        const missing = (english.filePath ?? `${english.id}.md`).replace(`/${DEFAULT_LOCALE}/`, `/${locale}/`);
        warn(`${locale}: ${missing} is missing; the English entry is shown in its place`);
      }
      return { slug, entry: own ?? english, fallback: !own };
    });
}
