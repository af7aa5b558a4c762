import type { Context } from 'hono';
import type { AppEnv, Services } from '../app-env.ts';
import { EnvelopeError, decryptEnvelope } from './request-envelope.ts';
import { detailError } from './errors.ts';
import { refuseUnsafeInput } from './input-guard.ts';

export type JsonObject = Record<string, unknown>;

const parseObject = (text: string): JsonObject => {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw detailError(400, 'json_invalid');
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw detailError(400, 'json_object_expected');
  refuseUnsafeInput(value as JsonObject);
  return value as JsonObject;
};

/**
 * The request's JSON object, decrypted when it arrives as `{"e_data": "…"}`. Plain JSON is
 * accepted (the site falls back to it when the browser cannot encrypt) unless the operator sets
 * REQUIRE_ENCRYPTION=1. The size limit is enforced before this by the body-limit middleware.
 * The decrypted text is never logged.
 */
export async function readJson(c: Context<AppEnv>, { config, privateKeys }: Services): Promise<JsonObject> {
  const type = c.req.header('content-type') ?? '';
  const text = await c.req.text();
  // An empty body carries nothing to protect: it is an empty object, and required fields say so.
  if (!text.trim()) return {};
  if (!/^application\/json\b/i.test(type)) throw detailError(415, 'media_type');
  const outer = parseObject(text);
  if (!('e_data' in outer)) {
    if (config.requireEncryption) throw detailError(400, 'encryption_required');
    return outer;
  }
  if (typeof outer.e_data !== 'string' || Object.keys(outer).length !== 1) throw detailError(400, 'e_data_invalid');
  try {
    return parseObject(await decryptEnvelope(outer.e_data, privateKeys));
  } catch (error) {
    if (error instanceof EnvelopeError) throw detailError(400, 'e_data_invalid');
    throw error;
  }
}
