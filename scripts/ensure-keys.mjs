// Makes the API's RSA key pair before a build, so the build can embed the public key.
import { ensureKeyPair } from '../server/src/data-dir/key-pair.ts';

const { path, created } = ensureKeyPair(process.env);
if (created) console.log(`Created an RSA-2048 key pair: ${path} (and its public half beside it)`);
