/**
 * Runs one player's money writes on this node at most two at a time, in arrival order. The
 * database lock (a conditional UPDATE of the player's row) is what keeps them correct, across nodes
 * too; this queue only stops a burst from one player holding many pool connections that all wait
 * on that one row, which made the slowest answers several times slower than the typical one.
 *
 * Why two and not one: with one, the next write left only after this process had read the last
 * one's answer, so each write's commit waited for the event loop between them as well (busy with
 * the other requests' decryption and sockets). With two, the second is already waiting on the row
 * lock inside PostgreSQL and runs the moment the first commits: bench:api measured 40 % more
 * withdrawals per second and a lower p99 than with one (docs/architecture.md).
 */
export const WRITES_AT_ONCE = 2;

interface Queue {
  running: number;
  waiting: (() => void)[];
}

const queues = new Map<number, Queue>();

export function inPlayerQueue<T>(userId: number, work: () => Promise<T>): Promise<T> {
  let queue = queues.get(userId);
  if (!queue) queues.set(userId, (queue = { running: 0, waiting: [] }));
  const own = queue;
  const run = (): Promise<T> => {
    own.running++;
    let done: Promise<T>;
    try {
      done = work();
    } catch (error) {
      done = Promise.reject(error);
    }
    // Settled either way, the next one in line starts; the queue is forgotten once it is empty.
    return done.finally(() => {
      own.running--;
      const next = own.waiting.shift();
      if (next) next();
      else if (own.running === 0) queues.delete(userId);
    });
  };
  if (own.running < WRITES_AT_ONCE) return run();
  return new Promise<T>((resolve, reject) => own.waiting.push(() => run().then(resolve, reject)));
}
