import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createApp } from './app.ts';
import { openServices } from './bootstrap.ts';
import { startClock } from './base/clock.ts';
import { ConfigError, loadConfig, type ServerConfig } from './config/server-config.ts';
import { DEMO_PLAYER } from './db/demo-player.ts';
import { listen } from './http/listen.ts';
import { siteUrlNotice } from './config/site-notice.ts';
import { Lifecycle } from './ops/lifecycle.ts';
import { startRaceSettlement } from './services/promotions/races/race-settlement.ts';
import { startRoundSweep } from './services/round-sweep.ts';
import { startCrashRoom } from './services/crash-room/crash-room-driver.ts';
import { processAlive, readControlFile, removeControlFile, writeControlFile } from './operator/routes/control.ts';
import { makePrivateDir, secureDataDir } from './data-dir/private-files.ts';

// Every setting comes from the environment through one schema (config/variables.ts); an invalid
// value stops here, before anything is opened, with the variable's name and what it must be.
let config: ServerConfig;
try {
  config = loadConfig();
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  console.error(error.message);
  process.exit(1);
}
// DATA_DIR (keys, mail, the embedded database) is private to this user, also with PostgreSQL.
secureDataDir(config.dataDir);
// DIST_DIR lets the e2e suite serve a private copy of the build (see docs/testing.md).
const distDir = config.distDir ? resolve(config.distDir) : fileURLToPath(new URL('../../dist/', import.meta.url));
// Embedded PGlite: one process per DATA_DIR. The control file says this server holds it, and lets
// `npm run operator` reach it instead of opening the folder a second time (operator/routes/control.ts).
const embedded = !config.databaseUrl;
if (embedded) {
  makePrivateDir(config.dataDir);
  const holder = readControlFile(config.dataDir);
  if (holder && holder.pid !== process.pid && processAlive(holder.pid)) {
    console.error(
      `${config.dataDir} is in use by process ${holder.pid}; stop it (or wait for \`npm run operator\` to ` +
        `finish) first (if that process is not AmberPlay, delete ${config.dataDir}/operator-control.json).`,
    );
    process.exit(1);
  }
  writeControlFile(config.dataDir);
}
const services = await openServices(config, startClock.current);
const lifecycle = new Lifecycle();
const app = createApp({ distDir, services, lifecycle });
// Open rounds of ended game sessions are settled by housekeeping (one node at a time).
const stopRoundSweep = startRoundSweep(services);
// Ended races pay their prizes; every node looks, and one claim per race pays (promotions/races).
const stopRaceSettlement = startRaceSettlement(services);
// The shared crash room, when this node may drive it (one node at a time, by lease).
const stopCrashRoom = config.games.crashRoom.enabled ? startCrashRoom(services, config.currency) : () => {};

const server = listen({
  fetch: app.fetch,
  // PORT=0 picks a free port (tests start several nodes); the banner prints the one chosen.
  port: config.port,
  hostname: config.host,
  limits: config.http,
  onListen: (info) => {
    const demo = config.demo ? ` · demo player: ${DEMO_PLAYER.email} / ${DEMO_PLAYER.password}` : '';
    if (embedded) writeControlFile(config.dataDir, `http://127.0.0.1:${info.port}`);
    console.log(`AmberPlay is running at http://localhost:${info.port}${demo}`);
    for (const line of siteUrlNotice(config)) console.log(line);
  },
});

// Graceful shutdown on SIGTERM (a deploy, systemd, a container stop) or Ctrl+C: /readyz answers
// 503 at once, the listener closes (no new connections), requests in flight finish, for up to
// SHUTDOWN_GRACE_SECONDS, and every answer from now on closes its connection. Mail already
// accepted is sent, then the database is closed cleanly (PGlite writes everything to its files).
let stopping = false;
async function shutDown(signal: string) {
  if (stopping) return;
  stopping = true;
  lifecycle.beginShutdown();
  stopRoundSweep();
  stopRaceSettlement();
  stopCrashRoom();
  const inFlight = lifecycle.inFlight;
  console.log(
    JSON.stringify({ level: 'info', time: new Date().toISOString(), event: 'shutdown', signal, in_flight: inFlight }),
  );
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  // Kept-alive sockets with no request on them would hold the listener open: close those now.
  server.closeIdleConnections();
  const grace = new Promise<'timeout'>((resolve) =>
    setTimeout(() => resolve('timeout'), config.ops.shutdownGraceMs).unref(),
  );
  let drained = await Promise.race([lifecycle.idle().then(() => 'drained' as const), grace]);
  // The last answers may still be on their way out: their sockets close once written (they say
  // Connection: close); a socket left idle is closed now. Only when the grace is over is any cut.
  server.closeIdleConnections();
  if (drained === 'drained') drained = await Promise.race([closed.then(() => 'drained' as const), grace]);
  if (drained === 'timeout') {
    console.error(
      JSON.stringify({ level: 'error', event: 'shutdown', detail: 'grace period over', in_flight: lifecycle.inFlight }),
    );
    server.closeAllConnections();
  }
  await closed;
  let code = 0;
  try {
    await services.mailer.settled();
    await services.db.close();
  } catch (error) {
    console.error(JSON.stringify({ level: 'error', event: 'shutdown', detail: (error as Error).message }));
    code = 1;
  } finally {
    if (embedded) removeControlFile(config.dataDir);
  }
  console.log(
    JSON.stringify({ level: 'info', time: new Date().toISOString(), event: 'stopped', drained: drained === 'drained' }),
  );
  process.exit(code);
}
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => void shutDown(signal));

/** For the test servers (scripts/test-hooks.ts), which add routes of their own before any request. */
export { app, services };
