/**
 * The test servers' movable clock (server/src/base/clock.ts) and the hook that moves it
 * (scripts/test-hooks.mjs): browser tests let minutes pass for the server without waiting them.
 */
import { Hono } from 'hono';
import { describe, expect, it, vi } from 'vitest';
import { movableClock, systemClock, type Clock } from '#server/base/clock.ts';
import { addTestHooks, TEST_CLOCK_PATH } from '../../../scripts/test-hooks.mjs';
import type { AppEnv, Services } from '#server/app-env.ts';

function hooked(clock: Clock) {
  const app = new Hono<AppEnv>();
  addTestHooks({ app, services: { clock } as unknown as Services });
  return app;
}

describe('the movable clock', () => {
  it('runs with the system time plus an offset that moves forward and back to 0', () => {
    vi.useFakeTimers({ now: new Date('2026-03-01T10:00:00Z') });
    try {
      const clock = movableClock();
      expect(clock().toISOString()).toBe('2026-03-01T10:00:00.000Z');
      clock.advance(900);
      expect(clock().toISOString()).toBe('2026-03-01T10:15:00.000Z');
      expect(clock.offsetSeconds()).toBe(900);
      // It still runs: the offset is added to the system time, not frozen.
      vi.advanceTimersByTime(2_000);
      expect(clock().toISOString()).toBe('2026-03-01T10:15:02.000Z');
      clock.reset();
      expect(clock().toISOString()).toBe('2026-03-01T10:00:02.000Z');
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('the clock hook', () => {
  it('answers the server time, moves it by whole seconds, and resets it', async () => {
    vi.useFakeTimers({ now: new Date('2026-03-01T10:00:00Z') });
    try {
      const app = hooked(movableClock());
      const read = await app.request(TEST_CLOCK_PATH);
      expect(read.headers.get('cache-control')).toBe('no-store');
      expect(await read.json()).toEqual({ now: '2026-03-01T10:00:00.000Z', offset_seconds: 0 });
      const moved = await app.request(`${TEST_CLOCK_PATH}?advance=3600`, { method: 'POST' });
      expect(await moved.json()).toEqual({ now: '2026-03-01T11:00:00.000Z', offset_seconds: 3600 });
      const reset = await app.request(`${TEST_CLOCK_PATH}?reset`, { method: 'POST' });
      expect(await reset.json()).toEqual({ now: '2026-03-01T10:00:00.000Z', offset_seconds: 0 });
    } finally {
      vi.useRealTimers();
    }
  });

  it('refuses anything but whole seconds forward, changing nothing', async () => {
    const clock = movableClock();
    const app = hooked(clock);
    for (const query of ['', '?advance=', '?advance=-60', '?advance=1.5', '?advance=abc', '?advance=99999999']) {
      const response = await app.request(`${TEST_CLOCK_PATH}${query}`, { method: 'POST' });
      expect(response.status, query).toBe(400);
    }
    expect(clock.offsetSeconds()).toBe(0);
  });

  it('cannot move the system clock (a server started without the movable one)', async () => {
    const response = await hooked(systemClock).request(`${TEST_CLOCK_PATH}?advance=60`, { method: 'POST' });
    expect(response.status).toBe(501);
  });
});
