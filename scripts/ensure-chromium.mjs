// Makes sure a Chromium exists for the browser tests: installs Debian's package when running
// as root with apt-get, otherwise stops with a one-line explanation.
import { spawnSync } from 'node:child_process';
import { aptInstall, canAptInstall } from './apt-install.mjs';
import { chromiumPath } from './chromium-path.ts';

/** @param {string} message @returns {never} */
function fail(message) {
  console.error(`ensure-chromium: ${message}`);
  process.exit(1);
}

/** Tests check that ja, zh and hi pages are drawn with real glyphs, so these fonts must exist. */
const hasScriptFonts = () => {
  const list = spawnSync('fc-list', [':', 'family'], { encoding: 'utf8' }).stdout ?? '';
  return /Noto Sans CJK/.test(list) && /Noto Sans Devanagari/.test(list);
};

if (!chromiumPath() || !hasScriptFonts()) {
  if (!canAptInstall()) {
    fail(
      'Chromium or the Noto CJK/Devanagari fonts are missing; install Debian\'s "chromium", ' +
        '"fonts-noto-core" and "fonts-noto-cjk" (needs root and apt-get), or set CHROMIUM_PATH.',
    );
  }
  console.log("ensure-chromium: installing Debian's chromium and CJK/Devanagari fonts with apt-get…");
  if (!aptInstall(['chromium', 'fonts-noto-core', 'fonts-noto-cjk'])) {
    fail('apt-get could not install "chromium"; install it by hand or set CHROMIUM_PATH.');
  }
  if (!chromiumPath()) fail('apt-get finished but /usr/bin/chromium is still missing.');
  if (!hasScriptFonts()) fail('apt-get finished but the Noto CJK or Devanagari fonts are still missing.');
}
console.log(`ensure-chromium: using ${chromiumPath()}`);
