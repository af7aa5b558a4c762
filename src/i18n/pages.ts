import type en from '../../locales/en/main.json';
import type { Translate } from './t';

/** A page whose title, description and lead live under `pages.<key>` in the `main` message set. */
export type PageKey = keyof (typeof en)['pages'];

/** The localized title, meta description and lead paragraph of a page. */
export function pageText(t: Translate, page: PageKey) {
  return {
    title: t(`pages.${page}.title`),
    description: t(`pages.${page}.description`),
    lead: t(`pages.${page}.lead`),
  };
}
