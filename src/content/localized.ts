import { getCollection, render, type CollectionEntry, type CollectionKey } from 'astro:content';
import { DEFAULT_LOCALE, type Locale } from '../../core/i18n/locales.ts';
import { localizeLinks } from './markdown-processor.mjs';
import { PROBLEMS_ID } from './content-problems';
import { pickLocalized } from './pick-localized';

export interface LocalizedEntry<C extends CollectionKey> {
  /** The stable id shared by every locale: the file name without `.md`. */
  slug: string;
  entry: CollectionEntry<C>;
  /** True when the locale has no file and the English entry stands in for it. */
  fallback: boolean;
  /** The rendered Markdown body. */
  Content: Awaited<ReturnType<typeof render>>['Content'];
  /**
   * For an English entry shown in another locale: its HTML with links to that locale's pages (render it instead of
   * Content).
   */
  html?: string;
}

/** The entries of a collection for one locale, in their `order`, with their Markdown rendered. */
export async function getLocalizedEntries<C extends CollectionKey>(
  collection: C,
  locale: Locale,
): Promise<LocalizedEntry<C>[]> {
  const entries = ((await getCollection(collection)) as CollectionEntry<C>[]).filter(
    (entry) => entry.id !== PROBLEMS_ID,
  );
  const picked = pickLocalized(entries, locale).sort(
    (a, b) => (a.entry.data as { order: number }).order - (b.entry.data as { order: number }).order,
  );
  return Promise.all(
    picked.map(async (item) => {
      const { Content } = await render(item.entry);
      const rendered = (item.entry as { rendered?: { html: string; metadata?: { imagePaths?: string[] } } }).rendered;
      // A stand-in English entry links to this locale's pages (pictures next to the file need Content).
      const own = item.fallback && locale !== DEFAULT_LOCALE && rendered && !rendered.metadata?.imagePaths?.length;
      return { ...item, Content, ...(own ? { html: localizeLinks(rendered.html, locale) } : {}) };
    }),
  );
}

/**
 * The collection's content problems as the check's `file:line: what is wrong → what to do` lines
 * (dev only: a build has already failed on them). Pages show them above their content; the files
 * they name are left out of the page until they are fixed.
 */
export async function contentProblems(collection: CollectionKey): Promise<string[]> {
  const broken = (await getCollection(collection)).find((entry) => entry.id === PROBLEMS_ID);
  return broken ? (broken.data as unknown as { problems: string[] }).problems : [];
}
