// `npm run check:html`: the Nu Html Checker (vnu-jar from npm) over every built page in dist/,
// in one Java run. Installs Debian's default-jre-headless when Java is missing (as root with
// apt-get, the way ensure-chromium installs Chromium), otherwise stops with a one-line explanation.
// Exits non-zero on any error, so `npm test` keeps the built pages at 0 errors.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { aptInstall, canAptInstall } from './apt-install.mjs';

const dir = process.argv[2] ?? 'dist';

/** @param {string} message @returns {never} */
function fail(message) {
  console.error(`html-check: ${message}`);
  process.exit(1);
}

const hasJava = () => spawnSync('java', ['-version'], { stdio: 'ignore' }).status === 0;

if (!hasJava()) {
  if (!canAptInstall()) fail('Java is missing; install Debian\'s "default-jre-headless" (needs root and apt-get).');
  console.log("html-check: installing Debian's default-jre-headless with apt-get…");
  if (!aptInstall(['default-jre-headless'])) {
    fail('apt-get could not install "default-jre-headless"; install it by hand.');
  }
  if (!hasJava()) fail('apt-get finished but "java" is still missing.');
}

if (!existsSync(dir)) fail(`${dir}/ does not exist; build the site first (npx astro build).`);
/** @param {string} folder @returns {number} */
const countPages = (folder) =>
  readdirSync(folder, { withFileTypes: true }).reduce(
    (sum, entry) =>
      sum + (entry.isDirectory() ? countPages(join(folder, entry.name)) : entry.name.endsWith('.html') ? 1 : 0),
    0,
  );
const pages = countPages(dir);

// The package's main export is the path of vnu.jar (its own launcher would download a Java).
const vnuJar = String(createRequire(import.meta.url)('vnu-jar'));
const result = spawnSync(
  'java',
  ['-Xss2m', '-jar', vnuJar, '--errors-only', '--skip-non-html', '--format', 'gnu', dir],
  {
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  },
);
const lines = `${result.stdout ?? ''}${result.stderr ?? ''}`.split('\n').filter((line) => line.trim() !== '');
const errors = lines.filter((line) => /: error: |: fatal: /.test(line) || /^"?file:/.test(line));
if (result.status !== 0 || errors.length > 0) {
  for (const line of lines.slice(0, 200)) console.error(line.replace(`file:${process.cwd()}/`, ''));
  if (lines.length > 200) console.error(`… ${lines.length - 200} more lines`);
  fail(`${errors.length} error(s) on ${pages} pages in ${dir}/ (Nu Html Checker)`);
}
console.log(`html-check: ${pages} pages in ${dir}/, 0 errors (Nu Html Checker)`);
