/** Two-factor sign-in from the API tests: the authenticator's code and turning it on for a player. */
import { Secret, TOTP } from 'otpauth';
import { expect } from 'vitest';
import type { TestApi } from './harness.ts';

/** The code an authenticator app shows for `secret` at `now`, `offsetSeconds` later. */
export const authenticatorCode = (secret: string, now: Date, offsetSeconds = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate({
    timestamp: now.getTime() + offsetSeconds * 1000,
  });

/**
 * Turns two-factor sign-in on for `player` (activate, then confirm with the code at `now`), checking both answers;
 * answers the secret and the backup codes.
 */
export async function turnOnTwoFactor(api: TestApi, player: { token: string; password: string }, now: Date) {
  const activate = await api.request('POST', '/api/user/2fa/activate', {
    token: player.token,
    body: { current_password: player.password },
  });
  expect(activate.status).toBe(200);
  const secret = activate.body.secret as string;
  const confirm = await api.request('POST', '/api/user/2fa/activate/confirm', {
    token: player.token,
    body: { code: authenticatorCode(secret, now), current_password: player.password },
  });
  expect(confirm.status, JSON.stringify(confirm.body)).toBe(200);
  return { secret, backupCodes: confirm.body.backup_codes as string[] };
}
