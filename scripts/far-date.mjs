// The environment that runs a command on another day: Debian's libfaketime, preloaded, starts the
// process's clock (and its children's) at FAR_DATE and lets it run on from there. `npm test` runs
// the PostgreSQL pass of the API suite this way, so every CI run checks that no test depends on
// today's date: the PGlite pass runs today, the PostgreSQL pass years away.
// Installs Debian's "faketime" when it is missing (as root with apt-get, through apt-install.mjs as
// ensure-chromium installs Chromium); elsewhere answers undefined and the caller runs on today's date.
import { existsSync } from 'node:fs';
import { aptInstall, canAptInstall } from './apt-install.mjs';

/** Years from the day the tests were written, in another season (summer time in Europe). */
export const FAR_DATE = '2031-06-15 10:00:00';

function library() {
  const candidates = ['/usr/lib/x86_64-linux-gnu', '/usr/lib/aarch64-linux-gnu', '/usr/lib'].map(
    (dir) => `${dir}/faketime/libfaketime.so.1`,
  );
  return candidates.find((path) => existsSync(path));
}

/** LD_PRELOAD and FAKETIME for a child process, or undefined when libfaketime cannot be had. */
export function farDateEnv() {
  if (!library() && canAptInstall()) {
    console.log("far-date: installing Debian's faketime with apt-get…");
    aptInstall(['faketime']);
  }
  const path = library();
  if (!path) return undefined;
  // "@" starts the clock at the date and lets it run (without it time would stand still).
  return { LD_PRELOAD: path, FAKETIME: `@${FAR_DATE}` };
}
