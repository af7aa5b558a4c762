import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createApp } from '../../server/src/app.ts';
import { PasswordQueue, PasswordQueueFull } from '../../server/src/services/password-queue.ts';
import { createTestApi, type TestApi } from './harness.ts';

const deferred = () => {
  let resolve!: () => void;
  const promise = new Promise<void>((done) => (resolve = done));
  return { promise, resolve };
};

describe('PasswordQueue', () => {
  it('runs at most `concurrency` jobs, keeps at most `maxWaiting` in line and refuses the rest', async () => {
    const queue = new PasswordQueue(2, 3);
    const gates = Array.from({ length: 5 }, deferred);
    const order: number[] = [];
    const jobs = gates.map((gate, index) => queue.run(async () => (order.push(index), await gate.promise, index)));
    await Promise.resolve();
    expect([queue.active, queue.queued, queue.started]).toEqual([2, 3, 2]);
    await expect(queue.run(async () => 'late')).rejects.toBeInstanceOf(PasswordQueueFull);

    gates[0]!.resolve();
    await jobs[0];
    await Promise.resolve();
    expect(order).toEqual([0, 1, 2]);
    expect([queue.active, queue.queued]).toEqual([2, 2]);
    for (const gate of gates) gate.resolve();
    expect(await Promise.all(jobs)).toEqual([0, 1, 2, 3, 4]);
    expect([queue.active, queue.queued, queue.started]).toEqual([0, 0, 5]);
  });

  it('frees the slot when a job fails', async () => {
    const queue = new PasswordQueue(1, 0);
    await expect(queue.run(async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await queue.run(async () => 'next')).toBe('next');
  });
});

describe('a login flood does not starve the server', () => {
  const apis: TestApi[] = [];
  afterAll(() => Promise.all(apis.map((api) => api.close())));
  const badLogin = (api: TestApi, index: number) =>
    api.request('POST', '/auth/token/login/', {
      body: { email: `flood-${index}@example.test`, password: 'wrong-pass-1' },
    });

  it('serves a static page while 12 bad logins are hashing, long before they are done', async () => {
    const api = await createTestApi({ PASSWORD_QUEUE_MAX: '100', LOGIN_MAX_FAILURES_PER_ADDRESS: '1000' });
    apis.push(api);
    const dist = mkdtempSync(join(tmpdir(), 'dist-'));
    writeFileSync(join(dist, 'faq.html'), '<h1>FAQ</h1>');
    const site = createApp({ distDir: dist, services: api.services, log: () => {} });

    let loginsDone = 0;
    const logins = Array.from({ length: 12 }, (_, index) => badLogin(api, index).finally(() => (loginsDone += 1)));
    // Once one login has answered, the others have all reached their password check.
    await Promise.race(logins);
    for (let i = 0; i < 5; i++) {
      const page = await site.request('/faq');
      expect(page.status).toBe(200);
      expect(await page.text()).toBe('<h1>FAQ</h1>');
    }
    const doneWhenStaticFinished = loginsDone;
    const statuses = (await Promise.all(logins)).map((reply) => reply.status);
    expect(statuses).toEqual(Array(12).fill(400));
    expect(doneWhenStaticFinished).toBeLessThanOrEqual(6);
  }, 120_000);

  it('answers 503 with Retry-After in the request language once every slot and the waiting list are full', async () => {
    const api = await createTestApi({
      PASSWORD_HASH_CONCURRENCY: '1',
      PASSWORD_QUEUE_MAX: '2',
      LOGIN_MAX_FAILURES_PER_ADDRESS: '1000',
    });
    apis.push(api);
    const replies = await Promise.all(Array.from({ length: 10 }, (_, index) => badLogin(api, index)));
    const busy = replies.filter((reply) => reply.status === 503);
    const checked = replies.filter((reply) => reply.status === 400);
    // How many arrive while the queue is full depends on database round trips (one connection
    // in PGlite, a pool in PostgreSQL); what must hold: every attempt is either checked or
    // turned away, at most 1 running + 2 waiting at a time, and only checked ones were hashed.
    expect(checked.length + busy.length).toBe(10);
    expect(busy.length).toBeGreaterThanOrEqual(1);
    expect(busy[0]!.headers.get('retry-after')).toBe('5');
    expect(busy[0]!.body).toEqual({ detail: 'The server is busy right now. Please try again in a few seconds.' });
    expect(api.services.passwords.started).toBe(checked.length);
  }, 120_000);
});
