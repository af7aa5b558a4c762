import type { Locale } from './locales.mjs';
import en from '../../locales/en/main.json';

type Messages = typeof en;

/** Dotted paths to every string leaf of the English message set, e.g. `pages.faq.title`. */
type Leaves<T, P extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${P}${K}` : Leaves<T[K], `${P}${K}.`>;
}[keyof T & string];

export type MessageKey = Leaves<Messages>;

const sets = import.meta.glob<Messages>('../../locales/*/main.json', { eager: true, import: 'default' });

function messagesFor(locale: Locale): Messages {
  const set = sets[`../../locales/${locale}/main.json`];
  if (!set) throw new Error(`No message set for locale "${locale}"`);
  return set;
}

function lookup(messages: unknown, key: string): string | undefined {
  let node = messages;
  for (const part of key.split('.')) {
    if (typeof node !== 'object' || node === null) return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === 'string' ? node : undefined;
}

/**
 * Returns a translator for one locale. A missing key throws at build time, so a page can never
 * ship a raw key or silently fall back to English; `npm test` checks every locale has every key.
 */
export function useTranslations(locale: Locale) {
  const messages = messagesFor(locale);
  return function t(key: MessageKey, params: Record<string, string | number> = {}): string {
    const value = lookup(messages, key);
    if (value === undefined) throw new Error(`Missing message "${key}" in locale "${locale}"`);
    return value.replace(/\{(\w+)\}/g, (whole, name: string) =>
      name in params ? String(params[name]) : whole,
    );
  };
}

export type Translate = ReturnType<typeof useTranslations>;
