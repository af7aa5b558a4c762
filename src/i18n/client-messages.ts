import type { Locale } from '../../core/i18n/locales.ts';
import { createTranslator, type Namespace, type Translate } from './translator';

/** One lazily loaded chunk per locale and message set: the browser fetches only what it shows. */
const loaders = import.meta.glob<Record<string, unknown>>('../../locales/*/{api,auth}.json', { import: 'default' });

/** Loads a message set in the browser and answers its translator. */
export async function loadTranslator<N extends Namespace>(locale: Locale, namespace: N): Promise<Translate<N>> {
  const load = loaders[`../../locales/${locale}/${namespace}.json`];
  if (!load) throw new Error(`No message set "${namespace}" for locale "${locale}"`);
  return createTranslator(await load(), locale, namespace);
}
