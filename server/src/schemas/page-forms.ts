/**
 * The server's own small HTML forms outside the console: the demo payment page's confirm and
 * cancel, and the staff email change's confirmation. Each posts one hidden field, `token`, the
 * capability the page carried. As with any form field read by Hono, the last value sent counts.
 * A token that is missing, a file, or not of its exact shape (which also keeps control and
 * bidirectional characters out) fails the schema, and the page answers as for a wrong token.
 */
import * as v from 'valibot';
import { formValues } from '../http/body-schema.ts';

/** A form of one `token` field of this shape. */
const tokenForm = (shape: RegExp) =>
  v.object({
    token: v.pipe(
      v.optional(formValues, []),
      v.transform((values) => values.at(-1)),
      v.string(),
      v.regex(shape),
    ),
  });

/** The demo payment's forms: the HMAC of the payment id, base64url (services/form-token.ts). */
export const paymentPageForm = tokenForm(/^[A-Za-z0-9_-]{43}$/);

/** The email change's form: the 20 random bytes the link carried, in hex (services/account-admin.ts). */
export const emailChangeForm = tokenForm(/^[0-9a-f]{40}$/);
