/**
 * The server's own small HTML forms outside the console: the demo payment page's confirm and
 * cancel, and the staff email change's confirmation. Each posts one hidden field, `token`, the
 * capability the page carried (the payment's confirm also the instrument typed). As with any form
 * field read by Hono, the last value sent counts.
 * A token that is missing, a file, or not of its exact shape (which also keeps control and
 * bidirectional characters out) fails the schema, and the page answers as for a wrong token.
 */
import * as v from 'valibot';
import { formValues } from '../http/body-schema.ts';

/** A `token` field of this shape. */
const tokenField = (shape: RegExp) =>
  v.pipe(
    v.optional(formValues, []),
    v.transform((values) => values.at(-1)),
    v.string(),
    v.regex(shape),
  );
/** A form of one `token` field of this shape. */
const tokenForm = (shape: RegExp) => v.object({ token: tokenField(shape) });

/** The demo payment's forms: the HMAC of the payment id, base64url (services/form-token.ts). */
const PAYMENT_TOKEN = /^[A-Za-z0-9_-]{43}$/;
export const paymentPageForm = tokenForm(PAYMENT_TOKEN);
/**
 * The demo payment's confirm form: the token, and the card number or IBAN the player typed (optional;
 * its shape is checked by services/payment-instrument.ts, which keeps only its keyed hash).
 */
export const paymentConfirmForm = v.object({
  token: tokenField(PAYMENT_TOKEN),
  instrument: v.pipe(
    v.optional(formValues, []),
    v.transform((values) => values.at(-1) ?? ''),
    v.string(),
    v.maxLength(64),
  ),
});

/** The email change's form: the 20 random bytes the link carried, in hex (services/account-admin.ts). */
export const emailChangeForm = tokenForm(/^[0-9a-f]{40}$/);
