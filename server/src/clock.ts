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
