// Build time only (Astro frontmatter): the message sets a profile island needs, passed to it as
// props so the browser gets exactly this locale's strings with the HTML and fetches nothing more.
import type { Locale } from '#core/i18n/locales.mjs';
import type { Namespaces } from '../../i18n/translator';

const sets = import.meta.glob<Record<string, unknown>>('../../../locales/*/*.json', { eager: true, import: 'default' });

export type IslandNamespace = 'profile' | 'api' | 'loyal' | 'affiliate' | 'auth' | 'account' | 'game_verify';
export type IslandMessages = Partial<{ [N in IslandNamespace]: Namespaces[N] }>;

export function islandMessages(locale: Locale, namespaces: IslandNamespace[]): IslandMessages {
  return Object.fromEntries(
    namespaces.map((namespace) => [namespace, sets[`../../../locales/${locale}/${namespace}.json`]]),
  );
}

export interface IslandProps {
  locale: Locale;
  messages: IslandMessages;
}
