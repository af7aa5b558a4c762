/**
 * Where this process is in its life, for `/readyz` and the graceful shutdown (server/src/index.ts):
 * requests in flight are counted, and once shutting down the node reports not ready and asks every
 * client to close its connection after the answer it is waiting for.
 */
export class Lifecycle {
  private inFlightCount = 0;
  private stopping = false;
  private readonly idleWaiters: (() => void)[] = [];
  private readonly shutdownHooks: (() => void)[] = [];

  get inFlight(): number {
    return this.inFlightCount;
  }

  get shuttingDown(): boolean {
    return this.stopping;
  }

  /** From now on `/readyz` answers 503; requests already here still finish. */
  beginShutdown(): void {
    this.stopping = true;
    for (const hook of this.shutdownHooks.splice(0)) hook();
  }

  /**
   * Runs `hook` when the shutdown begins. Long-lived answers (the live stream) end then: they are
   * not counted in flight, and their open sockets would otherwise hold the listener until the grace ends.
   */
  whenShuttingDown(hook: () => void): void {
    this.shutdownHooks.push(hook);
  }

  started(): void {
    this.inFlightCount += 1;
  }

  finished(): void {
    this.inFlightCount -= 1;
    if (this.inFlightCount === 0) for (const resolve of this.idleWaiters.splice(0)) resolve();
  }

  /** Resolves once no request is in flight (at once when none is). */
  idle(): Promise<void> {
    if (this.inFlightCount === 0) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }
}
