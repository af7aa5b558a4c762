import { readFileSync } from 'node:fs';
import { interpolate } from '#core/i18n/interpolate.ts';

/**
 * Every string of the console, from one message set (`messages.en.json`). The console is in
 * English; translating it means adding a file of the same shape and choosing it here.
 */
const messages = JSON.parse(readFileSync(new URL('./messages.en.json', import.meta.url), 'utf8')) as Record<
  string,
  Record<string, string>
>;

/** `group.name`, e.g. `sign_in.title`. An unknown key throws: a typo must not ship as a raw key. */
export function say(key: string, params: Record<string, string | number> = {}): string {
  const [group = '', name = ''] = key.split('.');
  const text = messages[group]?.[name];
  if (text === undefined) throw new Error(`Unknown operator message ${key}`);
  return interpolate(text, params);
}
