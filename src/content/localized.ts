import { getCollection, render, type CollectionEntry, type CollectionKey } from 'astro:content';
import type { Locale } from '../i18n/locales.mjs';
import { ContentProblems, PROBLEMS_ID } from './content-problems';
import { pickLocalized } from './pick-localized';

export interface LocalizedEntry<C extends CollectionKey> {
  /** The stable id shared by every locale: the file name without `.md`. */
  slug: string;
  entry: CollectionEntry<C>;
  /** True when the locale has no file and the English entry stands in for it. */
  fallback: boolean;
  /** The rendered Markdown body. */
  Content: Awaited<ReturnType<typeof render>>['Content'];
}

/** The entries of a collection for one locale, in their `order`, with their Markdown rendered. */
export async function getLocalizedEntries<C extends CollectionKey>(collection: C, locale: Locale): Promise<LocalizedEntry<C>[]> {
  const entries = (await getCollection(collection)) as CollectionEntry<C>[];
  await throwContentProblems(collection);
  const picked = pickLocalized(entries, locale).sort(
    (a, b) => (a.entry.data as { order: number }).order - (b.entry.data as { order: number }).order,
  );
  return Promise.all(picked.map(async (item) => ({ ...item, Content: (await render(item.entry)).Content })));
}

/**
 * Throws the collection's content problems (dev only: a build has already failed on them).
 * Pages call it in their frontmatter, before any HTML is streamed, so Astro answers with its
 * error overlay rather than half a page.
 */
export async function throwContentProblems(collection: CollectionKey): Promise<void> {
  const broken = (await getCollection(collection)).find((entry) => entry.id === PROBLEMS_ID);
  if (broken) throw new ContentProblems((broken.data as unknown as { problems: string[] }).problems);
}
