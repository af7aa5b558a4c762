import { existsSync } from 'node:fs';

/** Chromium for Playwright: `CHROMIUM_PATH`, else Debian's. Playwright cannot download its own here. */
export function chromiumPath(): string | undefined {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium'].filter((path): path is string => Boolean(path));
  return candidates.find((path) => existsSync(path));
}

/** Flags for headless Chromium on a sandboxed, offline machine run as root. */
export const CHROMIUM_ARGS: string[] = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
