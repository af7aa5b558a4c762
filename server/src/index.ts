import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createApp } from './app.ts';
import { openServices } from './bootstrap.ts';
import { loadConfig } from './config.ts';
import { DEMO_PLAYER } from './db/demo-player.ts';
import { listen } from './listen.ts';
import { siteUrlNotice } from './site-notice.ts';
import { processAlive, readControlFile, removeControlFile, writeControlFile } from './operator/control.ts';

// PORT=0 picks a free port (tests start several nodes); the banner prints the one chosen.
const port = process.env.PORT ? Number(process.env.PORT) : 4321;
const host = process.env.HOST || '0.0.0.0';
// DIST_DIR lets the e2e suite serve a private copy of the build (see README "Tests").
const distDir = process.env.DIST_DIR ? resolve(process.env.DIST_DIR) : fileURLToPath(new URL('../../dist/', import.meta.url));

const config = loadConfig();
// Embedded PGlite: one process per DATA_DIR. The control file says this server holds it, and lets
// `npm run operator` reach it instead of opening the folder a second time (operator/control.ts).
const embedded = !config.databaseUrl;
if (embedded) {
  mkdirSync(config.dataDir, { recursive: true });
  const holder = readControlFile(config.dataDir);
  if (holder && holder.pid !== process.pid && processAlive(holder.pid)) {
    console.error(`${config.dataDir} is in use by process ${holder.pid}; stop it (or wait for \`npm run operator\` to finish) first (if that process is not AmberPlay, delete ${config.dataDir}/operator-control.json).`);
    process.exit(1);
  }
  writeControlFile(config.dataDir);
}
const services = await openServices(config);
const app = createApp({ distDir, services });

const server = listen({
  fetch: app.fetch,
  port: Number.isInteger(port) && port >= 0 ? port : 4321,
  hostname: host,
  limits: config.http,
  onListen: (info) => {
    const demo = config.demo ? ` · demo player: ${DEMO_PLAYER.email} / ${DEMO_PLAYER.password}` : '';
    if (embedded) writeControlFile(config.dataDir, `http://127.0.0.1:${info.port}`);
    console.log(`AmberPlay is running at http://localhost:${info.port}${demo}`);
    for (const line of siteUrlNotice(config, process.env)) console.log(line);
  },
});

// Finish in-flight requests and mail on Ctrl+C or a container stop, then close the database cleanly.
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  // Mail already accepted (a reset link answered 204) is sent before the process ends.
  process.on(signal, () =>
    server.close(() =>
      services.mailer
        .settled()
        .then(() => services.db.close())
        .finally(() => {
          if (embedded) removeControlFile(config.dataDir);
          process.exit(0);
        }),
    ),
  );
}

/** For the test servers (scripts/test-hooks.mjs), which add routes of their own before any request. */
export { app, services };
