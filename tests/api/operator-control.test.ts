/**
 * The add-staff control endpoint: an empty or missing secret never matches,
 * only the process that wrote the control file answers, and it sits behind OPERATOR_ALLOWED_IPS.
 * Requests come from the loopback socket, as `npm run operator` sends them.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { CONTROL_HEADER, CONTROL_PATH, controlFilePath } from '../../server/src/operator/routes/control.ts';
import { createTestApi, type TestApi } from './harness.ts';

const LOOPBACK = { incoming: { socket: { remoteAddress: '127.0.0.1' } } };
const SECRET = 'a'.repeat(64);
const apis: TestApi[] = [];
afterAll(async () => {
  await Promise.all(apis.map((api) => api.close()));
});

async function api(env: Record<string, string> = {}) {
  const made = await createTestApi(env);
  apis.push(made);
  mkdirSync(made.config.dataDir, { recursive: true });
  return made;
}

const writeFile = (target: TestApi, content: Record<string, unknown>) =>
  writeFileSync(controlFilePath(target.config.dataDir), JSON.stringify(content), { mode: 0o600 });

async function post(target: TestApi, email: string, headers: Record<string, string> = {}) {
  const res = await target.app.request(
    CONTROL_PATH,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify({ email, role: 'admin' }),
    },
    LOOPBACK,
  );
  return { status: res.status, body: await res.json().catch(() => undefined) };
}

const staffCount = async (target: TestApi) =>
  (await target.db.query<{ n: number }>('SELECT count(*)::int AS n FROM staff'))[0]!.n;

describe('POST /operator/control/staff', { timeout: 60_000 }, () => {
  it('an empty secret in the file (written while the command works alone) never matches, header or not', async () => {
    const target = await api();
    writeFile(target, { pid: process.pid, secret: '', command: 'add-staff' });
    expect((await post(target, 'nohead@example.test')).status).toBe(404);
    expect((await post(target, 'emptyhead@example.test', { [CONTROL_HEADER]: '' })).status).toBe(404);
    writeFile(target, { pid: process.pid });
    expect((await post(target, 'missing@example.test')).status).toBe(404);
    expect(await staffCount(target)).toBe(0);
  });

  it("answers only the process that wrote the file: a right secret in another process's file is a 404", async () => {
    const target = await api();
    writeFile(target, { pid: process.pid + 100_000, secret: SECRET });
    expect((await post(target, 'other@example.test', { [CONTROL_HEADER]: SECRET })).status).toBe(404);
    expect(await staffCount(target)).toBe(0);
    writeFile(target, { pid: process.pid, secret: SECRET });
    const created = await post(target, 'own@example.test', { [CONTROL_HEADER]: SECRET });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ email: 'own@example.test', role: 'admin' });
    expect(await staffCount(target)).toBe(1);
  });

  it('refuses a body of the wrong shape with 400 and its reason, changing nothing', async () => {
    const target = await api();
    writeFile(target, { pid: process.pid, secret: SECRET });
    const send = async (body: string) => {
      const res = await target.app.request(
        CONTROL_PATH,
        { method: 'POST', headers: { 'content-type': 'application/json', [CONTROL_HEADER]: SECRET }, body },
        LOOPBACK,
      );
      return [res.status, await res.json()];
    };
    const json = 'Send {"email", "role"} as JSON.';
    const cases: [unknown, string][] = [
      ['{"email": ', json],
      [null, json],
      [['a@example.test', 'admin'], json],
      ['"a@example.test"', json],
      [{ role: 'admin' }, 'Not a valid email address: undefined'],
      [{ email: 42, role: 'admin' }, 'Not a valid email address: 42'],
      [{ email: 'ctl\u0007@example.test', role: 'admin' }, 'Not a valid email address: "ctl\\u0007@example.test"'],
      [
        { email: 'a@example.test' },
        '--role must be admin, support, risk, payments, content or marketing, got undefined',
      ],
      [
        { email: 'a@example.test', role: 'admin\u202e' },
        '--role must be admin, support, risk, payments, content or marketing, got "admin\u202e"',
      ],
      [
        { email: 'a@example.test', role: ['admin'] },
        '--role must be admin, support, risk, payments, content or marketing, got ["admin"]',
      ],
      [{ action: 'disable' }, 'Not a valid email address: undefined'],
      [{ action: 'delete', email: 'a@example.test' }, 'Unknown action "delete"'],
      [{ action: null, email: 'a@example.test' }, 'Unknown action null'],
      [
        { action: 'set-role', email: 'a@example.test', role: 'owner' },
        '--role must be admin, support, risk, payments, content or marketing, got "owner"',
      ],
    ];
    for (const [body, detail] of cases)
      expect(await send(typeof body === 'string' ? body : JSON.stringify(body))).toEqual([400, { detail }]);
    expect(await staffCount(target)).toBe(0);
    // A well-formed command reaches the staff rules: an unknown account is theirs to refuse.
    const unknown = await send(JSON.stringify({ action: 'disable', email: 'nobody@example.test' }));
    expect(unknown[0]).toBe(404);
  });

  it('sits behind OPERATOR_ALLOWED_IPS: loopback outside the list is refused even with the right secret', async () => {
    const target = await api({ OPERATOR_ALLOWED_IPS: '203.0.113.0/24' });
    writeFile(target, { pid: process.pid, secret: SECRET });
    expect((await post(target, 'blocked@example.test', { [CONTROL_HEADER]: SECRET })).status).toBe(403);
    expect(await staffCount(target)).toBe(0);
  });
});
