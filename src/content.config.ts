// Markdown written by content editors, one folder per locale: src/content/<collection>/<locale>/<id>.md.
// The file name is the entry's stable id: `faq/ja/withdrawal-time.md` is `/ja/faq#withdrawal-time`.
// The loader checks every file with the rules of `npm run i18n:check` (src/content/lint/) and gives
// each translation the `category` and `order` of its English entry, so the schemas below always hold.
import { defineCollection } from 'astro:content';
import { z } from 'astro/zod';
import { markdownCollection } from './content/loader';
import { FAQ_CATEGORIES } from './content/lint/collections.mjs';

export { FAQ_CATEGORIES };

const section = z.object({
  title: z.string().min(1),
  /** Position on the page, smallest first (from the English entry). */
  order: z.number().int(),
});

export const collections = {
  faq: defineCollection({
    loader: markdownCollection('faq'),
    schema: z.object({
      question: z.string().min(1),
      category: z.enum(FAQ_CATEGORIES),
      order: z.number().int(),
    }),
  }),
  rules: defineCollection({ loader: markdownCollection('rules'), schema: section }),
  responsibleGaming: defineCollection({ loader: markdownCollection('responsibleGaming'), schema: section }),
  loyalty: defineCollection({ loader: markdownCollection('loyalty'), schema: section }),
};
