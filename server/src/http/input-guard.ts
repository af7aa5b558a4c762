import { hasUnsafeCharacters, type Problems } from '#core/api/validation.ts';
import { fieldErrors } from './errors.ts';

/**
 * Names that reach JavaScript's prototype chain: `problems["__proto__"] = …` silently sets a
 * prototype instead of adding a field, which is how `{"__proto__": {}}` once passed as no change.
 */
const PROTOTYPE_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

/**
 * The safety net under every field rule, for every JSON body: no prototype keys at any depth, and
 * no control, bidirectional or zero-width characters in any key or string. A refusal names the
 * top-level field, so it shows under that field like any other error.
 */
export function refuseUnsafeInput(body: Record<string, unknown>): void {
  const problems: Problems = Object.create(null);
  const visit = (value: unknown, field: string) => {
    if (typeof value === 'string') {
      if (hasUnsafeCharacters(value)) problems[field] = [{ key: 'input.unsafe_characters' }];
      return;
    }
    if (typeof value !== 'object' || value === null) return;
    for (const [key, inner] of Object.entries(value)) {
      if (PROTOTYPE_KEYS.has(key)) problems[field] = [{ key: 'field_unknown' }];
      else if (hasUnsafeCharacters(key)) problems[field] = [{ key: 'input.unsafe_characters' }];
      else visit(inner, field);
    }
  };
  for (const [field, value] of Object.entries(body)) {
    if (PROTOTYPE_KEYS.has(field) || hasUnsafeCharacters(field))
      problems[field] = [{ key: PROTOTYPE_KEYS.has(field) ? 'field_unknown' : 'input.unsafe_characters' }];
    else visit(value, field);
  }
  if (Object.keys(problems).length) throw fieldErrors({ ...problems });
}
