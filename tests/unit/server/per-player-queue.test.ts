import { describe, expect, it } from 'vitest';
import { WRITES_AT_ONCE, inPlayerQueue } from '#server/services/per-player-queue.ts';

/** A job that finishes only when the test says so, recording when it started. */
function gate(log: string[], name: string) {
  let open!: () => void;
  let fail!: (error: Error) => void;
  const done = new Promise<string>((resolve, reject) => {
    open = () => resolve(name);
    fail = reject;
  });
  return { job: () => (log.push(`start ${name}`), done), open, fail };
}

describe('inPlayerQueue', () => {
  it('runs two of one player’s jobs at a time, the rest in arrival order, other players’ beside them', async () => {
    expect(WRITES_AT_ONCE).toBe(2);
    const log: string[] = [];
    const [a1, a2, a3, a4, b1] = ['a1', 'a2', 'a3', 'a4', 'b1'].map((name) => gate(log, name));
    const results = [a1, a2, a3, a4].map((job) => inPlayerQueue(1, job!.job));
    results.push(inPlayerQueue(2, b1!.job));
    await Promise.resolve();
    expect(log).toEqual(['start a1', 'start a2', 'start b1']);
    // The second finishing first frees its place for the next in line, not for a later one.
    a2!.open();
    await expect(results[1]).resolves.toBe('a2');
    await expect.poll(() => log).toEqual(['start a1', 'start a2', 'start b1', 'start a3']);
    a1!.open();
    await expect(results[0]).resolves.toBe('a1');
    await expect.poll(() => log).toEqual(['start a1', 'start a2', 'start b1', 'start a3', 'start a4']);
    a3!.open();
    a4!.open();
    b1!.open();
    await expect(Promise.all(results)).resolves.toEqual(['a1', 'a2', 'a3', 'a4', 'b1']);
  });

  it('a failed job rejects for its caller only: the next one still runs', async () => {
    const log: string[] = [];
    const [first, second, third] = [gate(log, 'first'), gate(log, 'second'), gate(log, 'third')];
    const failed = inPlayerQueue(3, first.job);
    const running = inPlayerQueue(3, second.job);
    const next = inPlayerQueue(3, third.job);
    expect(log).toEqual(['start first', 'start second']);
    first.fail(new Error('insufficient funds'));
    await expect(failed).rejects.toThrow('insufficient funds');
    await expect.poll(() => log).toEqual(['start first', 'start second', 'start third']);
    second.open();
    third.open();
    await expect(Promise.all([running, next])).resolves.toEqual(['second', 'third']);
  });

  it('a job that throws before it returns a promise frees its place too', async () => {
    const thrown = inPlayerQueue(4, () => {
      throw new Error('no connection');
    });
    await expect(thrown).rejects.toThrow('no connection');
    const log: string[] = [];
    const [one, two] = [gate(log, 'one'), gate(log, 'two')];
    const results = [inPlayerQueue(4, one.job), inPlayerQueue(4, two.job)];
    expect(log).toEqual(['start one', 'start two']);
    one.open();
    two.open();
    await expect(Promise.all(results)).resolves.toEqual(['one', 'two']);
  });
});
