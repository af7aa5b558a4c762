// Keeps `npm ci` working: the registry this project installs from has Astro's compiler bindings
// (@astrojs/compiler-binding-*@0.5.x) for linux-x64 only, so npm cannot resolve the other
// platforms' optional packages and leaves them out of package-lock.json, after which `npm ci`
// refuses the lock file ("Missing: … from lock file"). This records each missing platform
// entry the way npm records cross-platform optionals; npm then skips them by os/cpu and never
// fetches them. Run it after any `npm install` that rewrites the lock file.
import { readFileSync, writeFileSync } from 'node:fs';

const LOCK = new URL('../package-lock.json', import.meta.url);
const lock = JSON.parse(readFileSync(LOCK, 'utf8'));
/** @type {Record<string, Record<string, string[]>>} */
const PLATFORMS = {
  'android-arm64': { os: ['android'], cpu: ['arm64'] },
  'darwin-arm64': { os: ['darwin'], cpu: ['arm64'] },
  'darwin-x64': { os: ['darwin'], cpu: ['x64'] },
  'linux-arm64-gnu': { os: ['linux'], cpu: ['arm64'], libc: ['glibc'] },
  'linux-arm64-musl': { os: ['linux'], cpu: ['arm64'], libc: ['musl'] },
  'wasm32-wasi': { cpu: ['wasm32'] },
  'win32-arm64-msvc': { os: ['win32'], cpu: ['arm64'] },
  'win32-x64-msvc': { os: ['win32'], cpu: ['x64'] },
};

let added = 0;
for (const [path, entry] of Object.entries(lock.packages)) {
  if (!path.endsWith('node_modules/@astrojs/compiler-binding') || !entry.optionalDependencies) continue;
  const base = path.slice(0, -'compiler-binding'.length);
  for (const [name, version] of Object.entries(entry.optionalDependencies)) {
    const key = `${base}${name.slice('@astrojs/'.length)}`;
    const platform = PLATFORMS[name.replace('@astrojs/compiler-binding-', '')];
    if (lock.packages[key] || !platform) continue;
    lock.packages[key] = { version, license: 'MIT', optional: true, ...platform, engines: entry.engines };
    added++;
  }
}
writeFileSync(LOCK, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`lock-platform-bindings: added ${added} entries`);
