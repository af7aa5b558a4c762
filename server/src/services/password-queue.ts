import { Busy } from '../base/domain-errors.ts';

/**
 * scrypt runs on libuv's small thread pool, which static files and every other fs call share.
 * A burst of sign-ins would fill that pool and make `/faq` wait seconds, so password work runs
 * here: at most `concurrency` jobs at once, at most `maxWaiting` more in line, and beyond that a
 * refusal the route answers with 503 and Retry-After, instead of an ever longer wait.
 */
export class PasswordQueueFull extends Error {
  constructor() {
    super('password queue full');
  }
}

export class PasswordQueue {
  /** Jobs started so far: the number of password hashes or checks actually computed. */
  started = 0;
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  readonly concurrency: number;
  readonly maxWaiting: number;

  constructor(concurrency: number, maxWaiting: number) {
    this.concurrency = concurrency;
    this.maxWaiting = maxWaiting;
  }

  get active() {
    return this.running;
  }

  get queued() {
    return this.waiting.length;
  }

  async run<T>(job: () => Promise<T>): Promise<T> {
    if (this.running >= this.concurrency) {
      if (this.waiting.length >= this.maxWaiting) throw new PasswordQueueFull();
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else {
      this.running += 1;
    }
    this.started += 1;
    try {
      return await job();
    } finally {
      // Hand the slot straight to the next in line, so `running` never drops and rises again.
      const next = this.waiting.shift();
      if (next) next();
      else this.running -= 1;
    }
  }
}

/** Seconds a client is asked to wait when every password slot and the line behind them are taken. */
const BUSY_RETRY_AFTER = 5;

/** Runs password work in the queue; a full queue becomes 503 with Retry-After for the client. */
export async function queuedPasswordWork<T>(services: { passwords: PasswordQueue }, job: () => Promise<T>): Promise<T> {
  try {
    return await services.passwords.run(job);
  } catch (error) {
    if (error instanceof PasswordQueueFull) throw new Busy('auth_limits.busy', BUSY_RETRY_AFTER);
    throw error;
  }
}

/** The same, bound to the services: `passwordWork(services)(job)`. */
export function passwordWork(services: { passwords: PasswordQueue }) {
  return <T>(job: () => Promise<T>) => queuedPasswordWork(services, job);
}
