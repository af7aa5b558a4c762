/**
 * The console's Games section (docs/back-office.md "Games"), admins only: adding a provider (its
 * secret shown once), its health from provider_calls over the hour before the injected clock, the
 * catalogue refresh, a provider and a game turned off and on, a secret rotated and retired; every
 * change audited, CSRF as every console form. The provider is the tests' second provider, a real
 * HTTP server that learns its secret from the page, as an admin would hand it over.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { manualClock } from '../../server/src/base/clock.ts';
import { runOperatorCommand } from '../../server/src/operator/cli/operator-cli.ts';
import { CONTROL_HEADER, controlFilePath } from '../../server/src/operator/routes/control.ts';
import { openDatabase } from '../../server/src/db/open.ts';
import { databaseVariablesOf } from './fixtures/postgres-template.ts';
import { PROVIDER_CONTROL_PATH } from '../../server/src/operator/routes/provider-control.ts';
import { offeredProviderGame } from '../../server/src/services/provider-client/offered-games.ts';
import { providerKeys } from '../../server/src/services/wallet-api/providers.ts';
import { useTestApi } from './harness.ts';
import { auditOf, staffMember, type StaffMember } from './operator-harness.ts';
import { fruitGame, startSecondProvider, type SecondProvider } from './second-provider-server.ts';

const clock = manualClock(new Date('2026-06-01T09:00:00Z'));
const ctx = useTestApi({ PROVIDER_CALL_TIMEOUT_SECONDS: '3' }, { clock });

const providers: SecondProvider[] = [];
afterEach(async () => {
  await Promise.all(providers.splice(0).map((provider) => provider.close()));
});

/** A second provider with a game of its own id (the file shares one schema and its lobby). */
async function newProvider() {
  const provider = await startSecondProvider();
  providers.push(provider);
  provider.id = `acme-${randomBytes(4).toString('hex')}`;
  provider.catalogue.games = [fruitGame({ id: `fruits-${provider.id}`, name: 'Star Fruits' })];
  return provider;
}

const secretOn = (text: string) => /<code data-secret>([^<]+)<\/code>/.exec(text)?.[1];
const rowOf = (text: string, attribute: string, id: string) =>
  new RegExp(`<tr ${attribute}="${id}">([\\s\\S]*?)</tr>`).exec(text)?.[1] ?? '';
const providerCount = async (id: string) =>
  (await ctx.api.db.query('SELECT 1 FROM game_providers WHERE id = $1', [id])).length;

/** Adds the provider in the console and hands it the secret shown; answers the answer page. */
async function addInConsole(admin: StaffMember, provider: SecondProvider, allowed = '') {
  await admin.client.get('/operator/games');
  const added = await admin.client.post('/operator/games', { id: provider.id, base_url: provider.baseUrl, allowed });
  provider.secret = secretOn(added.text) ?? '';
  return added;
}

describe('the Games section', () => {
  it('adds a provider: the secret shown once, the failed first fetch shown, then refreshed; all audited', async () => {
    const admin = await staffMember(ctx.api, 'admin');
    const provider = await newProvider();
    const added = await addInConsole(admin, provider, '127.0.0.1\n10.0.0.0/8');
    expect(added.status).toBe(200);
    expect(added.headers.get('cache-control')).toBe('no-store');
    expect(provider.secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(added.text).toContain(
      `Provider ${provider.id} added. The catalogue was not fetched (status: The provider answered HTTP 401.)`,
    );
    expect(rowOf(added.text, 'data-provider', provider.id)).toContain('last call failed: status');
    expect(rowOf(added.text, 'data-provider', provider.id)).toContain('127.0.0.1, 10.0.0.0/8');

    const page = await admin.client.get(`/operator/games/${provider.id}`);
    expect(page.text).not.toContain(provider.secret);
    expect(page.text).toContain('No games yet: refresh the catalogue.');

    clock.advance(60);
    const refreshed = await admin.client.post(`/operator/games/${provider.id}/refresh`);
    expect(refreshed.text).toContain('Catalogue fetched: 1 games.');
    expect(refreshed.text).not.toContain(provider.secret);
    const game = rowOf(refreshed.text, 'data-game', `fruits-${provider.id}`);
    expect(game).toContain('<td>96.50 %</td>');
    expect(game).toContain('<td>€0.20 – €50.00</td>');
    expect(game).toContain('<td data-game-state>on</td>');

    const list = rowOf((await admin.client.get('/operator/games')).text, 'data-provider', provider.id);
    expect(list).toContain('<td data-last-ok>2026-06-01 09:01 UTC</td>');
    expect(list).toContain('<td data-error-rate>1 of 2 calls (50 %)</td>');
    expect(list).toContain('<td data-games>1 on of 1</td>');
    // The error rate's hour ends at the injected clock (moved in steps under the console's 30-minute
    // idle end): at 10:00:40 the failed call of 09:00 has left it, at 10:30 the good one of 09:01 too.
    const errorRateAfter = async (seconds: number) => {
      clock.advance(seconds);
      const row = rowOf((await admin.client.get('/operator/games')).text, 'data-provider', provider.id);
      expect(row).toContain('<td data-last-ok>2026-06-01 09:01 UTC</td>');
      return /<td data-error-rate>([^<]*)<\/td>/.exec(row)?.[1];
    };
    expect(await errorRateAfter(1780)).toBe('1 of 2 calls (50 %)');
    expect(await errorRateAfter(1780)).toBe('0 of 1 calls (0 %)');
    expect(await errorRateAfter(1780)).toBe('no calls');

    const rows = await auditOf(ctx.api, 'provider', provider.id);
    expect(rows).toEqual([
      {
        staff_id: admin.id,
        action: 'provider.add',
        before: null,
        after: { base_url: provider.baseUrl, allowed_addresses: ['127.0.0.1', '10.0.0.0/8'] },
      },
      { staff_id: admin.id, action: 'provider.refresh', before: null, after: { games: 1 } },
    ]);
    expect(JSON.stringify(rows)).not.toContain(provider.secret);
  });

  it('turns a game and a provider off and on: they leave the lobby and come back; audited', async () => {
    const admin = await staffMember(ctx.api, 'admin');
    const provider = await newProvider();
    await addInConsole(admin, provider);
    await admin.client.post(`/operator/games/${provider.id}/refresh`);
    const gameId = `fruits-${provider.id}`;
    expect(await offeredProviderGame(ctx.api.db, gameId)).toBeDefined();

    const off = await admin.client.post(`/operator/games/${provider.id}/game`, { game: gameId, state: 'off' });
    expect(off.location).toBe(`/operator/games/${provider.id}?done=game_disabled`);
    expect(await offeredProviderGame(ctx.api.db, gameId)).toBeUndefined();
    const page = await admin.client.get(off.location!);
    expect(page.text).toContain('Game turned off: it left the lobby and refuses new launches.');
    expect(rowOf(page.text, 'data-game', gameId)).toContain('<td data-game-state>off</td>');
    await admin.client.post(`/operator/games/${provider.id}/game`, { game: gameId, state: 'on' });
    expect(await offeredProviderGame(ctx.api.db, gameId)).toBeDefined();

    expect((await admin.client.post(`/operator/games/${provider.id}/disable`)).location).toBe(
      `/operator/games/${provider.id}?done=disabled`,
    );
    expect(await offeredProviderGame(ctx.api.db, gameId)).toBeUndefined();
    await admin.client.post(`/operator/games/${provider.id}/enable`);
    expect(await offeredProviderGame(ctx.api.db, gameId)).toBeDefined();

    expect(await auditOf(ctx.api, 'game', `${provider.id}/${gameId}`)).toEqual([
      { staff_id: admin.id, action: 'game.disable', before: { enabled: true }, after: { enabled: false } },
      { staff_id: admin.id, action: 'game.enable', before: { enabled: false }, after: { enabled: true } },
    ]);
    expect((await auditOf(ctx.api, 'provider', provider.id)).slice(2)).toEqual([
      { staff_id: admin.id, action: 'provider.disable', before: { status: 'active' }, after: { status: 'disabled' } },
      { staff_id: admin.id, action: 'provider.enable', before: { status: 'disabled' }, after: { status: 'active' } },
    ]);
    const unknown = await admin.client.post(`/operator/games/${provider.id}/game`, { game: 'nope', state: 'off' });
    expect(unknown.status).toBe(404);
  });

  it('rotates a secret (shown once; both accepted) and retires the previous one; audited', async () => {
    const admin = await staffMember(ctx.api, 'admin');
    const provider = await newProvider();
    await addInConsole(admin, provider);
    const first = provider.secret;
    const rotated = await admin.client.post(`/operator/games/${provider.id}/rotate-secret`);
    const second = secretOn(rotated.text)!;
    expect(second).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(second).not.toBe(first);
    expect(rowOf(rotated.text, 'data-provider', provider.id)).toContain('<td data-secrets>2</td>');
    expect((await providerKeys(ctx.api.services, provider.id))!.secrets).toEqual([second, first]);
    expect((await admin.client.get(`/operator/games/${provider.id}`)).text).not.toContain(second);

    expect((await admin.client.post(`/operator/games/${provider.id}/retire-secret`)).location).toBe(
      `/operator/games/${provider.id}?done=retired`,
    );
    expect((await providerKeys(ctx.api.services, provider.id))!.secrets).toEqual([second]);
    expect((await admin.client.post(`/operator/games/${provider.id}/retire-secret`)).status).toBe(409);
    expect((await auditOf(ctx.api, 'provider', provider.id)).slice(1)).toEqual([
      {
        staff_id: admin.id,
        action: 'provider.rotate_secret',
        before: { active_secrets: 1 },
        after: { active_secrets: 2 },
      },
      {
        staff_id: admin.id,
        action: 'provider.retire_secret',
        before: { active_secrets: 2 },
        after: { active_secrets: 1 },
      },
    ]);
  });

  it('refuses a bad id, URL or address (400) and an id taken (409), adding nothing', async () => {
    const admin = await staffMember(ctx.api, 'admin');
    const provider = await newProvider();
    await admin.client.get('/operator/games');
    const post = (fields: Record<string, string>) =>
      admin.client.post('/operator/games', { id: provider.id, base_url: provider.baseUrl, allowed: '', ...fields });
    const badId = await post({ id: 'Acme!' });
    expect(badId.status).toBe(400);
    expect(badId.text).toContain('The id must be 1 to 64 lower-case letters');
    expect((await post({ base_url: 'javascript:alert(1)' })).status).toBe(400);
    expect((await post({ base_url: 'http://user:pw@127.0.0.1/' })).status).toBe(400);
    const badAddress = await post({ allowed: '10.0.0.1\n300.1.1.1' });
    expect(badAddress.status).toBe(400);
    expect(badAddress.text).toContain('Not an address or CIDR block, or more than 20 of them: 300.1.1.1');
    expect(await providerCount(provider.id)).toBe(0);
    expect((await post({})).status).toBe(200);
    const taken = await post({});
    expect(taken.status).toBe(409);
    expect(taken.text).toContain(`A game provider ${provider.id} already exists.`);
  });

  it('is for admins only (support: 403, no nav link) and refuses a form without the CSRF token', async () => {
    const admin = await staffMember(ctx.api, 'admin');
    const support = await staffMember(ctx.api, 'support');
    const provider = await newProvider();
    expect((await admin.client.get('/operator')).text).toContain('<a href="/operator/games">Games</a>');
    const home = await support.client.get('/operator');
    expect(home.text).not.toContain('/operator/games');
    expect((await support.client.get('/operator/games')).status).toBe(403);
    const fields = { id: provider.id, base_url: provider.baseUrl };
    expect((await support.client.post('/operator/games', fields)).status).toBe(403);
    await admin.client.get('/operator/games');
    expect((await admin.client.post('/operator/games', fields, { csrf: false })).status).toBe(403);
    expect((await admin.client.post('/operator/games', fields, { csrf: 'x'.repeat(43) })).status).toBe(403);
    expect(await providerCount(provider.id)).toBe(0);

    await addInConsole(admin, provider);
    for (const action of ['refresh', 'disable', 'rotate-secret'])
      expect((await support.client.post(`/operator/games/${provider.id}/${action}`)).status).toBe(403);
    expect((await admin.client.post(`/operator/games/${provider.id}/disable`, {}, { csrf: false })).status).toBe(403);
    expect((await auditOf(ctx.api, 'provider', provider.id)).map(({ action }) => action)).toEqual(['provider.add']);
  });
});

describe('POST /operator/control/providers (add-provider through the running server)', () => {
  const SECRET = 'c'.repeat(64);
  const LOOPBACK = { incoming: { socket: { remoteAddress: '127.0.0.1' } } };
  const send = (body: unknown, headers: Record<string, string> = { [CONTROL_HEADER]: SECRET }, env = LOOPBACK) =>
    ctx.api.app.request(
      PROVIDER_CONTROL_PATH,
      { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) },
      env,
    );

  it('answers only the command on this machine; adds, answers the secret once, audits with no staff', async () => {
    mkdirSync(ctx.api.config.dataDir, { recursive: true });
    writeFileSync(controlFilePath(ctx.api.config.dataDir), JSON.stringify({ pid: process.pid, secret: SECRET }));
    const provider = await newProvider();
    const body = { id: provider.id, url: provider.baseUrl, allow: ['::1'] };
    expect((await send(body, {})).status).toBe(404);
    expect((await send(body, { [CONTROL_HEADER]: 'd'.repeat(64) })).status).toBe(404);
    const remote = { incoming: { socket: { remoteAddress: '203.0.113.9' } } };
    expect((await send(body, undefined, remote)).status).toBe(404);
    expect(await providerCount(provider.id)).toBe(0);

    expect((await send({ id: provider.id })).status).toBe(400);
    const badUrl = await send({ ...body, url: 'ftp://127.0.0.1/' });
    expect(badUrl.status).toBe(400);
    expect(await badUrl.json()).toEqual({
      detail: 'The base URL must be an http or https address without a user name, query or fragment.',
    });

    const added = await send(body);
    expect(added.status).toBe(201);
    expect(added.headers.get('cache-control')).toBe('no-store');
    const answer = (await added.json()) as { secret: string; catalogue: unknown };
    expect(answer.catalogue).toEqual({ failure: 'status', message: 'The provider answered HTTP 401.' });
    expect((await providerKeys(ctx.api.services, provider.id))!.secrets).toEqual([answer.secret]);
    expect(await auditOf(ctx.api, 'provider', provider.id)).toEqual([
      {
        staff_id: null,
        action: 'provider.add',
        before: null,
        after: { base_url: provider.baseUrl, allowed_addresses: ['::1'] },
      },
    ]);
    expect((await send(body)).status).toBe(409);
  });
});

describe('add-provider writing to the database itself (no server holds it)', () => {
  it("seals the secret with the server's key (RSA_PRIVATE_KEY_FILE), so the server signs with it", async () => {
    const keyDir = mkdtempSync(join(tmpdir(), 'amber-provider-key-'));
    const keyFile = join(keyDir, 'rsa-private.pem');
    writeFileSync(keyFile, ctx.api.services.privateKeys[0]!.export({ type: 'pkcs8', format: 'pem' }), { mode: 0o600 });
    const env = process.env.DATABASE_URL
      ? await databaseVariablesOf(ctx.api.db, process.env.DATABASE_URL)
      : { DATA_DIR: keyDir };
    const open = process.env.DATABASE_URL ? openDatabase : async () => ({ ...ctx.api.db, close: async () => {} });
    const provider = await newProvider();
    const lines: string[] = [];
    const code = await runOperatorCommand(['add-provider', provider.id, '--url', provider.baseUrl], {
      env: { ...env, RSA_PRIVATE_KEY_FILE: keyFile },
      log: (line) => lines.push(line),
      openDatabase: open as never,
      clock,
    });
    expect(code, lines.join('\n')).toBe(0);
    const secret = /^Secret: (\S+)$/m.exec(lines.join('\n'))![1]!;
    expect((await providerKeys(ctx.api.services, provider.id))!.secrets).toEqual([secret]);
    expect((await auditOf(ctx.api, 'provider', provider.id)).map(({ staff_id, action }) => [staff_id, action])).toEqual(
      [[null, 'provider.add']],
    );
  });
});
