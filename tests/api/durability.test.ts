/**
 * The real server process, started as `npm start` starts it, killed with SIGKILL mid-life and
 * started again: nothing committed may be lost, and seeding must not repeat.
 */
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { toCents } from '../../core/api/money.ts';
import { DEMO_PLAYER } from '../../server/src/db/demo-player.ts';
import { openDatabase } from '../../server/src/db/open.ts';
import { apiClient, dropServerSchema, killServer, startServer } from './server-process.ts';
import { ACTIVATION_LINK, mailedLink, waitForMail } from '../mail-outbox.ts';

const dataDir = mkdtempSync(join(tmpdir(), 'amber-durability-'));
const port = 4700 + Math.floor(Math.random() * 200);
const base = `http://127.0.0.1:${port}`;
const env = {
  ...process.env,
  PORT: String(port),
  HOST: '127.0.0.1',
  DATA_DIR: dataDir,
  RSA_PRIVATE_KEY_FILE: '',
  DEMO: '1',
  ...(process.env.DATABASE_URL ? { DATABASE_SCHEMA: `durability_${randomBytes(4).toString('hex')}` } : {}),
};
let child: ChildProcess | undefined;
const start = async () => (await startServer(env)).proc;
const kill = killServer;

const call = apiClient(base, dataDir);

afterAll(async () => {
  if (child) await kill(child);
  rmSync(dataDir, { recursive: true, force: true });
  await dropServerSchema(env.DATABASE_SCHEMA);
});

describe('durability', () => {
  it('keeps every committed change across SIGKILL and does not seed twice', async () => {
    child = await start();
    const login = await call('/auth/token/login/', {
      method: 'POST',
      body: { email: DEMO_PLAYER.email, password: DEMO_PLAYER.password },
    });
    expect(login.status).toBe(200);
    const token = login.body.auth_token;
    const before = (await call('/api/user/me', { token })).body;
    const withdrawal = await call('/api/user/withdrawal', {
      method: 'POST',
      token,
      body: { amount: '12.34', method: 'card', destination: '4242 4242 4242 4242' },
    });
    expect(withdrawal.status).toBe(201);
    const registered = await call('/auth/users/', {
      method: 'POST',
      body: {
        email: 'survivor@example.test',
        username: 'survivor',
        password: 'amber-lantern-9',
        date_of_birth: '1990-04-12',
        accept_terms: true,
      },
    });
    expect(registered.status).toBe(201);
    // The activation mail is in the outbox (no SMTP_URL): its link activates the account.
    const link = mailedLink(
      (await waitForMail([join(dataDir, 'outbox')], 'survivor@example.test', ACTIVATION_LINK)).text,
      'activate',
    )!;
    expect(
      (await call('/auth/users/activation/', { method: 'POST', body: { uid: link.uid, token: link.token } })).status,
    ).toBe(204);
    // An identity document: its files live in the database, so they survive like any other row.
    const survivor = (
      await call('/auth/token/login/', {
        method: 'POST',
        body: { email: 'survivor@example.test', password: 'amber-lantern-9' },
      })
    ).body.auth_token;
    const front = new Uint8Array(4096).fill(7);
    front.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    const form = new FormData();
    form.append('document_type', 'passport');
    form.append('front', new File([front], 'passport.png', { type: 'image/png' }));
    const uploaded = await fetch(`${base}/api/user/verification`, {
      method: 'POST',
      headers: { authorization: `Token ${survivor}` },
      body: form,
    });
    expect(uploaded.status).toBe(201);
    const submitted = await uploaded.json();

    await kill(child);
    child = await start();

    const after = await call('/api/user/me', { token });
    expect(after.status).toBe(200);
    expect(after.body.balance).toBe(withdrawal.body.balance);
    expect(toCents(before.balance)! - toCents(after.body.balance)!).toBe(1234n);
    const history = await call('/api/user/history?type=withdrawal', { token });
    expect(history.body.results.map((item: { id: number }) => item.id)).toContain(withdrawal.body.id);
    expect(
      (
        await call('/auth/token/login/', {
          method: 'POST',
          body: { email: 'survivor@example.test', password: 'amber-lantern-9' },
        })
      ).status,
    ).toBe(200);
    // The seed ran again at start: still one demo player, one set of its notifications.
    const own = await call('/api/user/notification?mode=own', { token });
    expect(own.body.filter((n: { title: string }) => n.title === 'Welcome to AmberPlay')).toHaveLength(1);
    // The seeded demo player may withdraw (docs/api.md "Identity verification"), and still only once verified.
    expect((await call('/api/user/verification', { token })).body).toMatchObject({ status: 'verified' });
    expect((await call('/api/user/verification', { token: survivor })).body).toEqual({
      status: 'pending',
      document_type: 'passport',
      submitted_at: submitted.submitted_at,
    });

    // The document's bytes themselves, read from the database once the server is gone (again by SIGKILL).
    await kill(child);
    child = undefined;
    const db = await openDatabase({ databaseUrl: process.env.DATABASE_URL, dataDir, schema: env.DATABASE_SCHEMA });
    try {
      const rows = await db.query<{ mime: string; content: Uint8Array }>(
        `SELECT d.mime, d.content FROM identity_documents d JOIN identity_verifications v ON v.id = d.verification_id
         JOIN users u ON u.id = v.user_id WHERE u.email = 'survivor@example.test'`,
      );
      expect(rows.map((row) => row.mime)).toEqual(['image/png']);
      expect(Buffer.from(rows[0]!.content).equals(Buffer.from(front))).toBe(true);
    } finally {
      await db.close();
    }
  }, 180_000);
});
