import { describe, expect, it } from 'vitest';
import { inPlayerQueue } from '../../../server/src/services/per-player-queue.ts';

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
  it('runs one player’s jobs one at a time in arrival order, and other players’ jobs beside them', async () => {
    const log: string[] = [];
    const [a1, a2, b1] = [gate(log, 'a1'), gate(log, 'a2'), gate(log, 'b1')];
    const results = [inPlayerQueue(1, a1.job), inPlayerQueue(1, a2.job), inPlayerQueue(2, b1.job)];
    await Promise.resolve();
    await Promise.resolve();
    expect(log).toEqual(['start a1', 'start b1']);
    a1.open();
    await expect(results[0]).resolves.toBe('a1');
    await expect.poll(() => log).toEqual(['start a1', 'start b1', 'start a2']);
    a2.open();
    b1.open();
    await expect(Promise.all(results)).resolves.toEqual(['a1', 'a2', 'b1']);
  });

  it('a failed job rejects for its caller only: the next one still runs', async () => {
    const log: string[] = [];
    const [first, second] = [gate(log, 'first'), gate(log, 'second')];
    const failed = inPlayerQueue(3, first.job);
    const next = inPlayerQueue(3, second.job);
    first.fail(new Error('insufficient funds'));
    await expect(failed).rejects.toThrow('insufficient funds');
    await expect.poll(() => log).toEqual(['start first', 'start second']);
    second.open();
    await expect(next).resolves.toBe('second');
  });
});
