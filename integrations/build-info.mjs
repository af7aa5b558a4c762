// Writes the files the client polls to notice a new deploy: `builds/latest.json` and
// `builds/meta/<id>.json`. The id is fixed when the config loads so the same value is baked
// into the client bundle (as `__BUILD_ID__`) and written to disk.
import { mkdir, writeFile } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';

/** A sortable, unique id for this build, e.g. `20261121T220512Z-3f9a1c`. */
export function createBuildId(date = new Date()) {
  const stamp = date
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z');
  return `${stamp}-${randomBytes(3).toString('hex')}`;
}

/**
 * @param {{ id: string, timestamp: string }} build
 * @returns {import('astro').AstroIntegration}
 */
export function buildInfo(build) {
  return {
    name: 'build-info',
    hooks: {
      'astro:build:done': async ({ dir, pages, logger }) => {
        const root = new URL('builds/', dir);
        await mkdir(new URL('meta/', root), { recursive: true });
        const routes = pages.map((page) => `/${page.pathname}`.replace(/\/+$/, '') || '/').sort();
        const meta = { ...build, routes, pageCount: routes.length };
        await writeFile(new URL(`meta/${build.id}.json`, root), JSON.stringify(meta, null, 2));
        await writeFile(new URL('latest.json', root), JSON.stringify(build));
        logger.info(`build ${build.id}: ${routes.length} pages`);
      },
    },
  };
}
