import { readFileSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { LOCALES } from '../../../src/i18n/locales.mjs';

const NAMESPACES = readdirSync('locales/en').filter((file) => file.endsWith('.json'));

function flatten(node: unknown, prefix = ''): Record<string, string> {
  if (typeof node === 'string') return { [prefix]: node };
  return Object.entries(node as Record<string, unknown>).reduce(
    (all, [key, value]) => ({ ...all, ...flatten(value, prefix ? `${prefix}.${key}` : key) }),
    {},
  );
}

const load = (locale: string, file: string) => flatten(JSON.parse(readFileSync(`locales/${locale}/${file}`, 'utf8')));
const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe.each(NAMESPACES)('message set %s', (file) => {
  const english = load('en', file);

  it.each(LOCALES.filter((l) => l !== 'en'))('%s has every key, translated, with the same placeholders', (locale) => {
    const messages = load(locale, file);
    expect(Object.keys(messages).sort()).toEqual(Object.keys(english).sort());
    for (const [key, value] of Object.entries(messages)) {
      expect(value.trim(), `${locale}:${key} is empty`).not.toBe('');
      expect(value, `${locale}:${key} is still English`).not.toBe(english[key]);
      expect(placeholders(value), `${locale}:${key} placeholders`).toEqual(placeholders(english[key]!));
    }
  });
});
