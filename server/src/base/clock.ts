/** Where the server reads the time, so tests can move it instead of sleeping. */
export type Clock = () => Date;

export const systemClock: Clock = () => new Date();

/** A clock that stands still until moved: `clock.advance(seconds)`. For tests. */
export function manualClock(start = new Date('2026-01-15T12:00:00Z')) {
  let now = start.getTime();
  const clock = (() => new Date(now)) as Clock & { advance(seconds: number): void };
  clock.advance = (seconds) => {
    now += seconds * 1000;
  };
  return clock;
}

/**
 * The system time plus an offset that can be moved forward (and back to 0), for the e2e test
 * server only: its test hook (scripts/test-hooks.mjs) moves it, so a browser test sees an
 * interval pass without waiting it out. `npm start` never uses it.
 */
export function movableClock() {
  let offsetMs = 0;
  const clock = (() => new Date(Date.now() + offsetMs)) as Clock & {
    advance(seconds: number): void;
    reset(): void;
    offsetSeconds(): number;
  };
  clock.advance = (seconds) => {
    offsetMs += seconds * 1000;
  };
  clock.reset = () => {
    offsetMs = 0;
  };
  clock.offsetSeconds = () => offsetMs / 1000;
  return clock;
}

/**
 * The clock the server process starts with (server/src/index.ts): the system's, unless the test
 * server (scripts/server.mjs with test hooks) put a movable one here before loading index.ts.
 */
export const startClock: { current: Clock } = { current: systemClock };
