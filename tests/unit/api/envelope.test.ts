import { constants, generateKeyPairSync, privateDecrypt } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { RSA_MAX_PLAINTEXT_BYTES, encryptJson, importPublicKey } from '#core/api/envelope.ts';
import { decryptEnvelope } from '#server/http/request-envelope.ts';

const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
const spki = publicKey.export({ type: 'spki', format: 'der' }).toString('base64');

describe('encryption envelope (WebCrypto in, Node out)', () => {
  it('a small body is one RSA-OAEP SHA-256 block that Node’s privateDecrypt reads', async () => {
    const json = JSON.stringify({ email: 'ana@example.test', password: 'amber-lantern-9' });
    const e_data = await encryptJson(json, await importPublicKey(spki));
    const block = Buffer.from(e_data, 'base64');
    expect(block).toHaveLength(256);
    const plain = privateDecrypt(
      { key: privateKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
      block,
    );
    expect(plain.toString('utf8')).toBe(json);
  });

  it('counts bytes, not characters: 190 bytes is one block, 191 is the hybrid envelope', async () => {
    const key = await importPublicKey(spki);
    const at = (bytes: number) => JSON.stringify({ a: 'é'.repeat((bytes - 8) / 2) });
    expect(new TextEncoder().encode(at(190)).length).toBe(RSA_MAX_PLAINTEXT_BYTES);
    expect(Buffer.from(await encryptJson(at(190), key), 'base64')).toHaveLength(256);
    const larger = JSON.stringify({ a: 'é'.repeat(91), b: 1 });
    expect(new TextEncoder().encode(larger).length).toBeGreaterThan(190);
    expect(Buffer.from(await encryptJson(larger, key), 'base64').length).not.toBe(256);
  });

  it('a 5 KB body goes through the hybrid envelope and decrypts on the server', async () => {
    const json = JSON.stringify({ note: '文字'.repeat(850), amount: '10.00' });
    expect(new TextEncoder().encode(json).length).toBeGreaterThan(5000);
    const e_data = await encryptJson(json, await importPublicKey(spki));
    const bytes = Buffer.from(e_data, 'base64');
    expect(bytes[0]).toBe(1);
    expect(bytes.length).toBe(1 + 256 + 12 + new TextEncoder().encode(json).length + 16);
    expect(await decryptEnvelope(e_data, [privateKey])).toBe(json);
  });

  it('two encryptions of the same body differ (random padding and IV)', async () => {
    const key = await importPublicKey(spki);
    expect(await encryptJson('{"a":1}', key)).not.toBe(await encryptJson('{"a":1}', key));
  });
});
