// Markdown written by content editors, one folder per locale: src/content/<collection>/<locale>/<id>.md.
// The file name is the entry's stable id: `faq/ja/withdrawal-time.md` is `/ja/faq#withdrawal-time`.
import { defineCollection } from 'astro:content';
import { glob } from 'astro/loaders';
import { z } from 'astro/zod';

/** `en/withdrawal-time.md` → `en/withdrawal-time`, exactly as named (no slugging surprises). */
const generateId = ({ entry }: { entry: string }) => entry.replace(/\.md$/, '');
const markdownIn = (folder: string) => glob({ pattern: '*/*.md', base: `./src/content/${folder}`, generateId });

export const FAQ_CATEGORIES = ['account', 'deposits', 'withdrawals', 'bonuses', 'loyalty', 'security', 'responsible_gaming'] as const;

const section = z.object({
  title: z.string().min(1),
  /** Position on the page, smallest first. */
  order: z.number().int(),
});

export const collections = {
  faq: defineCollection({
    loader: markdownIn('faq'),
    schema: z.object({
      question: z.string().min(1),
      category: z.enum(FAQ_CATEGORIES),
      order: z.number().int(),
    }),
  }),
  rules: defineCollection({ loader: markdownIn('rules'), schema: section }),
  responsibleGaming: defineCollection({ loader: markdownIn('responsible-gaming'), schema: section }),
  loyalty: defineCollection({ loader: markdownIn('loyalty'), schema: section }),
};
