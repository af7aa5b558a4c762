// Debian packages the scripts need on a machine that lacks them (faketime, Chromium and its fonts,
// Java): installed with apt-get when running as root, the one way far-date, ensure-chromium and
// html-check install what is missing.
import { spawnSync } from 'node:child_process';

/** Whether this process may install Debian packages: root, with apt-get on the PATH. */
export const canAptInstall = () =>
  process.getuid?.() === 0 && spawnSync('sh', ['-c', 'command -v apt-get']).status === 0;

/**
 * Installs `packages` with apt-get, quietly (its errors still show). The package lists are
 * refreshed only when the first try fails, as on a fresh machine that has none yet.
 * @param {string[]} packages
 * @returns {boolean} whether apt-get installed them
 */
export function aptInstall(packages) {
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const run = (/** @type {string[]} */ args) =>
    spawnSync('apt-get', args, { stdio: ['ignore', 'ignore', 'inherit'], env }).status === 0;
  const install = () => run(['install', '-y', '-qq', ...packages]);
  return install() || (run(['update', '-qq']) && install());
}
