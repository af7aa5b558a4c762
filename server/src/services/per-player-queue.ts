/**
 * Runs one player's money writes on this node one after another, in arrival order. The database
 * lock (a conditional UPDATE of the player's row) is what keeps them correct, across nodes too;
 * this queue only stops a burst from one player holding several pool connections that all wait
 * on that one row, which made the slowest answers several times slower than the typical one.
 */
const tails = new Map<number, Promise<unknown>>();

export function inPlayerQueue<T>(userId: number, work: () => Promise<T>): Promise<T> {
  const previous = tails.get(userId) ?? Promise.resolve();
  const run = previous.then(work, work);
  // The tail settles either way, and is forgotten when nothing is queued behind it.
  const tail = run.catch(() => {});
  tails.set(userId, tail);
  void tail.then(() => {
    if (tails.get(userId) === tail) tails.delete(userId);
  });
  return run;
}
