/**
 * `PATCH /api/user/update`: only the editable profile fields, each by the form's own rule
 * (`checkUserUpdate`); a field the player can see but never set is `field_read_only`, any other
 * unknown one `field_unknown`. Every field is checked before anything is written.
 */
import { EDITABLE_USER_FIELDS, type UserUpdateRequest } from '#core/api/contract.ts';
import { checkUserUpdate, knownTimeZone, normalizeUsername } from '#core/api/validation.ts';
import { bodyRule } from '../http/body-schema.ts';
import type { ProfileChanges } from '../services/users.ts';

/** Fields of the user a player can see but never set. */
const READ_ONLY = new Set([
  'id',
  'email',
  'balance',
  'bonus_balance',
  'currency',
  'loyalty',
  'referral_code',
  'date_joined',
  'limits',
  'password',
]);

export const userUpdateBody = bodyRule((input, problems): ProfileChanges => {
  for (const field of Object.keys(input)) {
    if (!(EDITABLE_USER_FIELDS as readonly string[]).includes(field)) {
      problems[field] = [{ key: READ_ONLY.has(field) ? 'field_read_only' : 'field_unknown' }];
    }
  }
  Object.assign(problems, checkUserUpdate(input as UserUpdateRequest));
  const changes: ProfileChanges = {};
  for (const field of EDITABLE_USER_FIELDS) {
    if (!(field in input)) continue;
    const value = input[field];
    if (field === 'username') changes.username = normalizeUsername(String(value));
    else if (field === 'time_zone') changes.time_zone = knownTimeZone(value)!;
    else if (field === 'game_sound' || field === 'incognito' || field === 'marketing_consent')
      changes[field] = value === true;
    else changes[field] = String(value).trim();
  }
  return changes;
});
