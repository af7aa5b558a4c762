// decap-server's file-system handler (the one `decap-server` runs in `fs` mode), called in this
// process instead of on a port of its own: a second listener would answer any page that finds its
// port, past every check of the editor's server. We take its request validation and its handler
// from `registerLocalFs` and call them with the already checked, parsed body.
import { createRequire } from 'node:module';

// Not named `require`: TypeScript would then look for the package's (missing) type declarations.
const requireCommonJs = createRequire(import.meta.url);

/**
 * @typedef {(req: { body: unknown }, res: DecapResponse, next: () => void) => unknown} DecapHandler
 * @typedef {{ status(code: number): DecapResponse, json(value: unknown): void }} DecapResponse
 * @typedef {{ use: () => void, post: (path: string, handler: DecapHandler) => void }} DecapApp
 */

/**
 * @param {{ root: string, logLevel: string }} options
 * @returns {Promise<(body: unknown) => Promise<{ status: number, value: unknown }>>}
 */
export async function decapFsHandler({ root, logLevel }) {
  /** @type {{ registerLocalFs: (app: DecapApp, options: { logLevel: string }) => Promise<void> }} */
  const { registerLocalFs } = requireCommonJs('decap-server/dist/middlewares.js');
  /** @type {DecapHandler[]} */
  const handlers = [];
  // registerLocalFs takes the checkout from GIT_REPO_DIRECTORY (set here, whatever the shell had;
  // not a setting of ours). Its `use` middlewares (an access log, permissive CORS, a JSON parser)
  // are not wanted: the editor's server does those.
  Object.assign(process.env, { GIT_REPO_DIRECTORY: root });
  await registerLocalFs(
    {
      use: () => {},
      post: (/** @type {string} */ path, /** @type {DecapHandler} */ handler) => {
        if (path !== '/api/v1') throw new Error(`decap-server registered an unexpected route ${path}`);
        handlers.push(handler);
      },
    },
    { logLevel },
  );
  if (handlers.length === 0) throw new Error('decap-server registered no handler');

  return (body) =>
    new Promise((resolve, reject) => {
      let status = 200;
      /** @type {DecapResponse} */
      const res = {
        status: (code) => ((status = code), res),
        json: (value) => resolve({ status, value }),
      };
      /** @param {number} index */
      const run = (index) => {
        const handler = handlers[index];
        if (!handler) return reject(new Error('decap-server answered nothing'));
        Promise.resolve(handler({ body }, res, () => run(index + 1))).catch(reject);
      };
      run(0);
    });
}
