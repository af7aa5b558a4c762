/**
 * The body `npm run operator -- add-provider` sends to the running server's control endpoint
 * (operator/routes/provider-control.ts), JSON `{id, url, allow}`. Only the shape is checked here; the
 * id, URL and addresses are checked by `checkNewProvider`, as the console's form is.
 */
import * as v from 'valibot';

export const PROVIDER_CONTROL_JSON_EXPECTED = 'Send {"id", "url", "allow"} as JSON.';

export const providerControlBody = v.object(
  {
    id: v.string(PROVIDER_CONTROL_JSON_EXPECTED),
    url: v.string(PROVIDER_CONTROL_JSON_EXPECTED),
    allow: v.optional(v.array(v.string(PROVIDER_CONTROL_JSON_EXPECTED)), []),
  },
  PROVIDER_CONTROL_JSON_EXPECTED,
);
