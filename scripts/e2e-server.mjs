// The server the browser tests run against: the real one, on a fresh database in `.data/e2e`,
// with the key pair the build embedded (so the browser's encrypted bodies decrypt).
import { rmSync } from 'node:fs';
import { privateKeyPath } from '../server/src/key-files.mjs';

process.env.RSA_PRIVATE_KEY_FILE ||= privateKeyPath();
process.env.DATA_DIR = '.data/e2e';
// The browser reaches this server at 127.0.0.1:E2E_PORT: that is the site and the API origin the
// payment page checks posts against and sends players back to.
process.env.SITE_URL = `http://127.0.0.1:${process.env.PORT}`;
process.env.API_URL = process.env.SITE_URL;
if (!process.env.DATABASE_URL) rmSync(process.env.DATA_DIR, { recursive: true, force: true });
await import('../server/src/index.ts');
