// The API benches' client: starts the server with scripts/server.mjs (a child process on a fresh
// database, as `npm start` runs it, with the test-only routes), posts encrypted bodies to it as
// the site does, and makes funded players. Stopping it deletes its data.
import { join } from 'node:path';
import { encryptJson, importPublicKey } from '../core/api/envelope.ts';
import { signedToCents } from '../core/api/money.ts';
import { spawnServer } from './server.mjs';
import { TEST_VERIFY_PATH } from './test-hooks.ts';
import { ACTIVATION_LINK, mailedLink, waitForMail } from '../tests/mail-outbox.ts';
import { parseEnv } from '../server/src/config/variables.ts';

/**
 * What the API benches (bench:api, bench:games) read of their environment and arguments: the
 * server's port, the seconds each load runs, the PostgreSQL URL, and `--db=pglite|postgres`.
 */
export function benchSettings() {
  const {
    BENCH_API_PORT: port,
    BENCH_SECONDS: seconds,
    DATABASE_URL: databaseUrl,
  } = parseEnv(process.env, ['BENCH_API_PORT', 'BENCH_SECONDS', 'DATABASE_URL']);
  const only = process.argv.find((arg) => arg.startsWith('--db='))?.slice(5);
  return { port, seconds, databaseUrl, only };
}

/**
 * The databases a bench runs on, in order: PGlite, then PostgreSQL when DATABASE_URL is set; `--db=` picks one.
 * @param {{ databaseUrl?: string; only?: string }} settings
 */
export function benchDatabases({ databaseUrl, only }) {
  /** @type {('pglite' | 'postgres')[]} */
  const kinds = [];
  if (!only || only === 'pglite') kinds.push('pglite');
  if ((!only && databaseUrl) || only === 'postgres') {
    if (!databaseUrl) throw new Error('--db=postgres needs DATABASE_URL');
    kinds.push('postgres');
  }
  return kinds;
}

/**
 * `cwd` is the checkout to run (another commit's worktree for `bench:api --baseline`); a checkout
 * from before the test routes runs its plain server, which needs no verified identity.
 * @param {{ port: number; env?: Record<string, string | undefined>; name?: string; cwd?: string }} options
 */
export async function startBenchApi({ port, env = {}, name = 'bench', cwd = process.cwd() }) {
  // No SMTP_URL: mail goes to DATA_DIR/outbox, where fundedPlayer reads its activation link. The
  // server makes its own key pair in its data folder; the bench encrypts with its public half.
  const server = await spawnServer({
    port,
    name,
    cwd,
    testHooks: true,
    key: 'own',
    // The crash room only where a bench asks for it (bench:stream): its chain and ticks are not the measured load.
    env: { DEMO: '0', SMTP_URL: '', CRASH_ROOM: '0', ...env },
    ready: '/gmnggate/most_popular',
    stopSignal: 'SIGKILL',
  });
  const { base, stop, dataDir } = server;

  const publicKey = await importPublicKey(server.publicKeySpki());
  /**
   * POSTs an encrypted body as the site does; answers the parsed JSON (or the response).
   * @param {string} path @param {unknown} body @param {string} [token]
   * @returns {Promise<any>} the API's answer, whose shape each caller knows
   */
  const post = async (path, body, token) => {
    const response = await fetch(`${base}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Token ${token}` } : {}) },
      body: JSON.stringify({ e_data: await encryptJson(JSON.stringify(body), publicKey) }),
      redirect: 'manual',
    });
    return response.headers.get('content-type')?.includes('json') ? response.json() : response;
  };
  /**
   * A registered, activated (with the mailed link) and signed-in player whose deposit went through the demo payment
   * page, verified so they may withdraw.
   * @param {{ email: string; username: string; password: string }} player @param {string} amount
   * @returns {Promise<string>} the player's token
   */
  const fundedPlayer = async (player, amount) => {
    await post('/auth/users/', { ...player, date_of_birth: '1990-04-12', accept_terms: true });
    // Servers from before activation mail sign the player in at once.
    let { auth_token: token } = await post('/auth/token/login/', player);
    if (!token) {
      const link = mailedLink(
        (await waitForMail([join(dataDir, 'outbox')], player.email, ACTIVATION_LINK)).text,
        'activate',
      );
      if (!link) throw new Error(`the activation mail to ${player.email} has no link`);
      await post('/auth/users/activation/', { uid: link.uid, token: link.token });
      ({ auth_token: token } = await post('/auth/token/login/', player));
    }
    const payment = await post('/api/user/payments/create-payment', { amount, method: 'card' }, token);
    // The payment page's own form token, as a browser would send it.
    const pagePath = new URL(payment.redirect_url).pathname;
    const pageHtml = await (await fetch(`${base}${pagePath}`)).text();
    // (Older checkouts, run by `bench:api --baseline`, had no form token.)
    const formToken =
      /action="[^"]*\/confirm">\s*<input type="hidden" name="token" value="([^"]+)"/.exec(pageHtml)?.[1] ?? '';
    await fetch(`${base}${pagePath}/confirm`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `token=${formToken}`,
    });
    // Without the deposit every withdrawal measured would be a refusal for lack of funds.
    const { balance } = await (
      await fetch(`${base}/api/user/me`, { headers: { authorization: `Token ${token}` } })
    ).json();
    if (balance !== amount) throw new Error(`the bench player's deposit of ${amount} left a balance of ${balance}`);
    if (server.testHooks) {
      const verified = await fetch(`${base}${TEST_VERIFY_PATH}`, {
        method: 'POST',
        headers: { authorization: `Token ${token}` },
      });
      if (verified.status !== 204) throw new Error(`verifying the bench player answered ${verified.status}`);
    }
    return token;
  };
  return { base, publicKey, post, fundedPlayer, stop, pid: server.pid };
}

/** A signed decimal amount from the API in cents; a malformed one stops the bench. */
export function exactCents(/** @type {string} */ amount) {
  const cents = signedToCents(amount);
  if (cents === undefined) throw new Error(`the API answered a malformed amount: ${amount}`);
  return cents;
}
