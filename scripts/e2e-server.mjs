// The server the browser tests run against: the real one, on a fresh database in `.data/e2e`,
// with the key pair the build embedded (so the browser's encrypted bodies decrypt).
// `--isolated` starts the second one, for specs that rewrite files of the site: it serves a
// fresh copy of dist/ (ISOLATED_SITE) from its own database, so the main server never sees
// their changes.
import { cpSync, rmSync } from 'node:fs';
import { privateKeyPath } from '../server/src/key-files.mjs';
import { E2E_DATA_DIR, E2E_ISOLATED_DATA_DIR, ISOLATED_SITE } from '../tests/e2e/isolated-site.mjs';

const isolated = process.argv.includes('--isolated');
process.env.RSA_PRIVATE_KEY_FILE ||= privateKeyPath();
// Staff for tests/e2e/operator.spec.ts are made with `npm run operator` against this folder, through
// the running server (the command finds it from DATA_DIR's control file).
process.env.DATA_DIR = isolated ? E2E_ISOLATED_DATA_DIR : E2E_DATA_DIR;
// A 1-minute reality-check interval, so tests/e2e/responsible-gaming.spec.ts need not wait an hour.
process.env.RG_REALITY_CHECK_TEST_MINUTES ||= '1';
// The specs register many players from 127.0.0.1; tests/api/registration-limit.test.ts proves the real default.
process.env.REGISTER_MAX_PER_ADDRESS ||= '100000';
process.env.DEMO_MAX_PER_ADDRESS ||= '100000';
// Every browser of both workers connects from 127.0.0.1; the per-address connection cap is for
// the internet (tests/api/http-limits.test.ts proves it), not for one machine running the suite.
process.env.MAX_CONNECTIONS_PER_ADDRESS ||= '100000';
// The browser reaches this server at 127.0.0.1:PORT: that is the site and the API origin the payment
// page checks posts against and sends players back to, and the origin of game launch URLs.
process.env.SITE_URL = `http://127.0.0.1:${process.env.PORT}`;
process.env.API_URL = process.env.SITE_URL;
if (!process.env.DATABASE_URL) rmSync(process.env.DATA_DIR, { recursive: true, force: true });
if (isolated) {
  rmSync(ISOLATED_SITE, { recursive: true, force: true });
  cpSync('dist', ISOLATED_SITE, { recursive: true });
  process.env.DIST_DIR = ISOLATED_SITE;
}
// With the test-only routes (scripts/test-hooks.mjs): e.g. marking a player's identity verified.
await import('./test-server.mjs');
