import type { Services } from '../app-env.ts';
import { verifyPassword } from '../http/auth.ts';
import { InvalidInput } from '../base/domain-errors.ts';
import { admitSignIn, signInSucceeded } from './login-throttle.ts';
import { queuedPasswordWork } from './password-queue.ts';

/**
 * Asks a signed-in player for their password before a sensitive change (two-factor on or off,
 * time-out, self-exclusion), counted like set_password: every try counts against the sign-in
 * limits of (email, address) and of the address before the password is checked (429 beyond them),
 * and a right one takes the try back. So a stolen token cannot guess the password without end.
 * `field` and `wrongKey` name the form's field and its message when the password is wrong.
 */
export async function checkCurrentPassword(
  services: Services,
  request: { userId: number; address: string; password: string },
  field: string,
  wrongKey: string,
): Promise<void> {
  const [user] = await services.db.query<{ email: string; password_hash: string }>(
    'SELECT email, password_hash FROM users WHERE id = $1',
    [request.userId],
  );
  await admitSignIn(services, user!.email, request.address);
  const valid = await queuedPasswordWork(services, () => verifyPassword(request.password, user!.password_hash));
  if (!valid) throw InvalidInput.of(field, wrongKey);
  await signInSucceeded(services, user!.email, request.address);
}
