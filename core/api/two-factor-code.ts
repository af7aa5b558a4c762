import { add, requireText, type Problems } from './validation.ts';

/** A code field: six digits, or a backup code (letters and digits, spaces and dashes allowed). */
export function checkTwoFactorCode(problems: Problems, field: string, value: unknown): value is string {
  if (!requireText(problems, field, value)) return false;
  if (value.length > 20) {
    add(problems, field, { key: 'too_long', params: { max: 20 } });
    return false;
  }
  if (!/^[0-9A-Za-z -]+$/.test(value)) {
    add(problems, field, { key: 'two_factor.code_format' });
    return false;
  }
  return true;
}
