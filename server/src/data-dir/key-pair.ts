import { createPrivateKey, generateKeyPairSync, type KeyObject } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { privateKeyPath } from './key-files.ts';
import { makePrivateDir, PRIVATE_FILE_MODE } from './private-files.ts';

/**
 * Creates the RSA-2048 key pair on first start, unless one exists or `RSA_PRIVATE_KEY_FILE`
 * names a key. The public half is written beside it for operators who build the site elsewhere.
 * Answers the private key's path and whether it was just created.
 */
export function ensureKeyPair(env: Record<string, string | undefined>): {
  path: string;
  created: boolean;
} {
  const path = privateKeyPath(env);
  if (existsSync(path)) return { path, created: false };
  if (env.RSA_PRIVATE_KEY_FILE) throw new Error(`RSA_PRIVATE_KEY_FILE does not exist: ${path}`);
  const { privateKey, publicKey } = generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
  makePrivateDir(dirname(path));
  writeFileSync(path, privateKey, { mode: PRIVATE_FILE_MODE });
  // Private too, like everything in DATA_DIR; its owner copies it to where the site is built.
  writeFileSync(path.replace(/private(\.pem)?$/, 'public.pem'), publicKey, { mode: PRIVATE_FILE_MODE });
  return { path, created: true };
}

/**
 * The keys requests may be encrypted with: the current one, then `RSA_PREVIOUS_PRIVATE_KEY_FILE`
 * while a rotation is rolling out and visitors still run a build with the old public key.
 */
export function loadPrivateKeys(env: Record<string, string | undefined>): KeyObject[] {
  const paths = [privateKeyPath(env), env.RSA_PREVIOUS_PRIVATE_KEY_FILE].filter((path): path is string => !!path);
  return paths.map((path) => createPrivateKey(readFileSync(path, 'utf8')));
}
