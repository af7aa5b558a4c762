import type { Locale } from '../../core/i18n/locales.ts';
import { createTranslator, type Namespace } from './translator';

export type { MessageKey, Namespace, Translate } from './translator';

/** Every message set of every locale, bundled for build-time rendering only (never import this in the browser). */
const sets = import.meta.glob<Record<string, unknown>>('../../locales/*/*.json', { eager: true, import: 'default' });

/** A translator for one locale and message set, for Astro components at build time. */
export function useTranslations<N extends Namespace = 'main'>(locale: Locale, namespace: N = 'main' as N) {
  const messages = sets[`../../locales/${locale}/${namespace}.json`];
  if (!messages) throw new Error(`No message set "${namespace}" for locale "${locale}"`);
  return createTranslator(messages, locale, namespace);
}
