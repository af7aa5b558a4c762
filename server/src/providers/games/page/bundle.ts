import { createHash } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { withSharedStyles } from '#server/http/shared-styles.ts';

/** One served file: its hashed name, bytes and type. */
export interface Asset {
  name: string;
  body: Uint8Array;
  type: string;
}

const hashed = (prefix: string, ext: string, body: Uint8Array) =>
  `${prefix}-${createHash('sha256').update(body).digest('hex').slice(0, 12)}.${ext}`;

/**
 * The game page's browser script: client/main.ts and what it imports (the shared fairness and
 * mechanics code in core/games/, which the Verify panel needs), bundled and minified by esbuild on
 * first request and kept in memory. Its name carries its content hash, so it can be cached forever.
 */
async function bundleScript(): Promise<Asset> {
  const result = await build({
    entryPoints: [fileURLToPath(new URL('./client/main.ts', import.meta.url))],
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    minify: true,
    write: false,
    legalComments: 'none',
  });
  const body = result.outputFiles[0]!.contents;
  return { name: hashed('game', 'js', body), body, type: 'text/javascript; charset=utf-8' };
}

function styleSheet(): Asset {
  const body = new TextEncoder().encode(withSharedStyles(new URL('./style.css', import.meta.url)));
  return { name: hashed('game', 'css', body), body, type: 'text/css; charset=utf-8' };
}

let assets: Promise<{ script: Asset; style: Asset }> | undefined;

/** The page's script and style sheet, built once per process. */
export function gamePageAssets() {
  assets ??= bundleScript().then((script) => ({ script, style: styleSheet() }));
  // A failed build is retried on the next request instead of being cached.
  assets.catch(() => (assets = undefined));
  return assets;
}
