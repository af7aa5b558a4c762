/**
 * A refusal the console shows as a page with this status and message. Services and routes both
 * throw it; it lives with the services so a service never imports a route.
 */
export class ConsoleError extends Error {
  readonly status: 400 | 403 | 404 | 409 | 429;
  readonly headers: Record<string, string>;
  constructor(status: ConsoleError['status'], message: string, headers: Record<string, string> = {}) {
    super(message);
    this.status = status;
    this.headers = headers;
  }
}
