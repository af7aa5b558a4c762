import { constants, publicEncrypt } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { encryptJson, importPublicKey } from '../../core/api/envelope.ts';
import { ADULT, createTestApi, newKeyPair, useTestApi } from './harness.ts';

const ctx = useTestApi();
const userCount = async () => (await ctx.api.db.query<{ n: number }>('SELECT count(*)::int AS n FROM users'))[0]!.n;
const registration = (tag: string) => ({
  email: `${tag}@example.test`,
  username: tag,
  password: 'amber-lantern-9',
  ...ADULT,
});

describe('request bodies', () => {
  it('accepts a single RSA-OAEP block (≤ 190 bytes of JSON)', async () => {
    const body = registration('single_block');
    expect(new TextEncoder().encode(JSON.stringify(body)).length).toBeLessThanOrEqual(190);
    const e_data = await encryptJson(JSON.stringify(body), ctx.api.publicKey);
    expect(Buffer.from(e_data, 'base64')).toHaveLength(256);
    const res = await ctx.api.request('POST', '/auth/users/', { raw: JSON.stringify({ e_data }) });
    expect(res.status).toBe(201);
  });

  it('accepts the hybrid envelope for a body over 190 bytes', async () => {
    const body = { ...registration('hybrid_body'), note: 'ü'.repeat(2500) };
    const e_data = await encryptJson(JSON.stringify(body), ctx.api.publicKey);
    expect(Buffer.from(e_data, 'base64').length).toBeGreaterThan(5000);
    const res = await ctx.api.request('POST', '/auth/users/', { raw: JSON.stringify({ e_data }) });
    expect(res.status).toBe(201);
    expect(res.body.username).toBe('hybrid_body');
  });

  it('accepts a block made by Node’s publicEncrypt with OAEP SHA-256', async () => {
    const block = publicEncrypt(
      { key: ctx.api.keys.privateKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
      Buffer.from(JSON.stringify(registration('node_block'))),
    );
    const res = await ctx.api.request('POST', '/auth/users/', {
      raw: JSON.stringify({ e_data: block.toString('base64') }),
    });
    expect(res.status).toBe(201);
  });

  it('accepts plain JSON (the browser’s fallback) unless encryption is required', async () => {
    expect(
      (await ctx.api.request('POST', '/auth/users/', { body: registration('plain_json'), encrypt: false })).status,
    ).toBe(201);
    const strict = await createTestApi({ REQUIRE_ENCRYPTION: '1' });
    try {
      const refused = await strict.request('POST', '/auth/users/', {
        body: registration('plain_strict'),
        encrypt: false,
      });
      expect(refused.status).toBe(400);
      expect(refused.body).toEqual({ detail: 'This server accepts encrypted requests only.' });
      expect((await strict.request('POST', '/auth/users/', { body: registration('enc_strict') })).status).toBe(201);
    } finally {
      await strict.close();
    }
    // A second server on a fresh database: its migrations took over 20 s on a loaded 2-core run.
  }, 60_000);

  const other = newKeyPair();
  it.each<[string, () => Promise<string>, number, RegExp]>([
    [
      'e_data that is not base64',
      async () => JSON.stringify({ e_data: '%%%not base64%%%' }),
      400,
      /encrypted request could not be read/,
    ],
    [
      'e_data of the wrong length',
      async () => JSON.stringify({ e_data: Buffer.alloc(100, 7).toString('base64') }),
      400,
      /encrypted request could not be read/,
    ],
    [
      'e_data under another key',
      async () => JSON.stringify({ e_data: await encryptJson('{"a":1}', await importPublicKey(other.spki)) }),
      400,
      /encrypted request could not be read/,
    ],
    [
      'a hybrid envelope under another key',
      async () =>
        JSON.stringify({
          e_data: await encryptJson(JSON.stringify({ a: 'x'.repeat(400) }), await importPublicKey(other.spki)),
        }),
      400,
      /encrypted request could not be read/,
    ],
    [
      'e_data that decrypts to text that is not JSON',
      async () => JSON.stringify({ e_data: await encryptJson('not json', ctx.api.publicKey) }),
      400,
      /not valid JSON/,
    ],
    [
      'e_data that decrypts to a JSON array',
      async () => JSON.stringify({ e_data: await encryptJson('[1,2]', ctx.api.publicKey) }),
      400,
      /must be a JSON object/,
    ],
    ['e_data that is a number', async () => JSON.stringify({ e_data: 12 }), 400, /encrypted request could not be read/],
    [
      'e_data next to plain fields',
      async () => JSON.stringify({ e_data: await encryptJson('{}', ctx.api.publicKey), email: 'x@y.zz' }),
      400,
      /encrypted request could not be read/,
    ],
    ['a body that is not JSON', async () => '{"email": ', 400, /not valid JSON/],
    ['a JSON string body', async () => '"hello"', 400, /must be a JSON object/],
    ['a body over 64 KB', async () => JSON.stringify({ e_data: 'A'.repeat(70_000) }), 413, /too large/],
  ])('refuses %s with a clear 4xx and creates nothing', async (_name, make, status, message) => {
    const before = await userCount();
    const res = await ctx.api.request('POST', '/auth/users/', { raw: await make() });
    expect(res.status).toBe(status);
    expect(res.body.detail).toMatch(message);
    expect(await userCount()).toBe(before);
  });

  it('refuses a tampered hybrid envelope (GCM authentication)', async () => {
    const e_data = await encryptJson(
      JSON.stringify({ ...registration('tampered'), pad: 'p'.repeat(300) }),
      ctx.api.publicKey,
    );
    const bytes = Buffer.from(e_data, 'base64');
    bytes[bytes.length - 20]! ^= 1;
    const res = await ctx.api.request('POST', '/auth/users/', {
      raw: JSON.stringify({ e_data: bytes.toString('base64') }),
    });
    expect(res.status).toBe(400);
  });

  it('refuses a body that is not sent as JSON with 415', async () => {
    const res = await ctx.api.request('POST', '/auth/users/', {
      raw: 'email=a',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(res.status).toBe(415);
    expect(res.body).toEqual({ detail: 'Send the request body as JSON.' });
  });

  it('answers unknown API paths with JSON 404, not a page', async () => {
    const res = await ctx.api.request('GET', '/api/user/nothing-here');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ detail: 'Not found.' });
  });
});
