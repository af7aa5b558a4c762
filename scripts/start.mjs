// `npm start`: build the site when the sources are newer than the last build, then serve it.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { privateKeyPath, publicKeySpkiBase64 } from '../server/src/key-files.mjs';
import { buildReason, keyFingerprint } from './build-decision.mjs';
import { ensureKeyPair } from '../server/src/keys.ts';
import { parseEnv } from '../server/src/config/variables.ts';

const root = new URL('..', import.meta.url).pathname;
const marker = join(root, 'dist/builds/latest.json');
const sources = ['src', 'core', 'locales', 'public', 'integrations', 'astro.config.mjs', 'package-lock.json'];

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const info = statSync(path);
  if (!info.isDirectory()) return info.mtimeMs;
  return Math.max(0, ...readdirSync(path).map((name) => newestMtime(join(path, name))));
}

// The build embeds the API's public key: make the key pair first, and rebuild when it changes.
const key = ensureKeyPair();
if (key.created) console.log(`Created the API's RSA-2048 key pair in ${key.path}`);

const builtAt = existsSync(marker) ? statSync(marker).mtimeMs : 0;
const changedAt = Math.max(newestMtime(privateKeyPath()), ...sources.map((name) => newestMtime(join(root, name))));
// The key the build embeds, recorded by fingerprint next to the build (never the key itself).
const keyRecord = join(root, 'dist/builds/public-key.json');
const fingerprint = keyFingerprint(publicKeySpkiBase64());
let builtFingerprint;
try {
  builtFingerprint = JSON.parse(readFileSync(keyRecord, 'utf8')).fingerprint;
} catch {
  builtFingerprint = undefined;
}
const reason = buildReason({
  force: parseEnv(process.env, ['FORCE_BUILD']).FORCE_BUILD,
  builtAt,
  changedAt,
  builtFingerprint,
  fingerprint,
});
if (reason) {
  console.log(reason);
  const result = spawnSync(process.execPath, [join(root, 'node_modules/astro/bin/astro.mjs'), 'build', '--silent'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
  mkdirSync(dirname(keyRecord), { recursive: true });
  writeFileSync(keyRecord, `${JSON.stringify({ fingerprint })}\n`);
}

if (!process.argv.includes('--build-only')) await import('../server/src/index.ts');
