// The API as its own process on a fresh database (as `npm start` runs it), for the API benches:
// start it, wait until it answers, post encrypted bodies to it, stop it and delete its data.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { encryptJson, importPublicKey } from '../core/api/envelope.ts';
import { publicKeySpkiBase64 } from '../server/src/key-files.mjs';
import { TEST_VERIFY_PATH } from './test-hooks.mjs';
import { ACTIVATION_LINK, mailedLink, waitForMail } from '../tests/mail-outbox.ts';

/**
 * `cwd` is the checkout to run (another commit's worktree for `bench:api --baseline`); a checkout
 * from before scripts/test-server.mjs runs its plain server, which needs no verified identity.
 */
export async function startBenchApi({ port, env = {}, name = 'bench', cwd = process.cwd() }) {
  const base = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(join(tmpdir(), `amber-${name}-`));
  // With the test-only routes, so a bench player can be verified and withdraw (scripts/test-hooks.mjs).
  const entry = existsSync(join(cwd, 'scripts/test-server.mjs')) ? 'scripts/test-server.mjs' : 'server/src/index.ts';
  const server = spawn(process.execPath, [entry], {
    cwd,
    // No SMTP_URL: mail goes to DATA_DIR/outbox, where fundedPlayer reads its activation link.
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      RSA_PRIVATE_KEY_FILE: '',
      DEMO: '0',
      SMTP_URL: '',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const stop = () => {
    server.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  };
  process.on('exit', stop);

  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${base}/gmnggate/most_popular`)).ok) break;
    } catch {
      // not listening yet
    }
    if (i >= 450) throw new Error('the API did not start');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }

  const publicKey = await importPublicKey(publicKeySpkiBase64({ DATA_DIR: dataDir }));
  /** POSTs an encrypted body as the site does; answers the parsed JSON (or the response). */
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
   */
  const fundedPlayer = async (player, amount) => {
    await post('/auth/users/', { ...player, date_of_birth: '1990-04-12', accept_terms: true });
    // Servers from before activation mail sign the player in at once.
    let { auth_token: token } = await post('/auth/token/login/', player);
    if (!token) {
      const { uid, token: activation } = mailedLink(
        (await waitForMail([join(dataDir, 'outbox')], player.email, ACTIVATION_LINK)).text,
        'activate',
      );
      await post('/auth/users/activation/', { uid, token: activation });
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
    if (entry === 'scripts/test-server.mjs') {
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
