import type { FieldErrors } from '../../core/api/contract';

/**
 * What every failed API call throws: the HTTP status (0 when the server was not reached), the
 * server's `detail`, and its per-field messages in DRF's shape, ready for a form to show.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly detail: string | undefined;
  readonly fields: FieldErrors;

  constructor(status: number, body: unknown, cause?: unknown) {
    const parsed = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
    const detail = typeof parsed.detail === 'string' ? parsed.detail : undefined;
    super(detail ?? (status ? `API answered ${status}` : 'API not reachable'), { cause });
    this.name = 'ApiError';
    this.status = status;
    this.detail = detail;
    this.fields = Object.fromEntries(
      Object.entries(parsed).filter(
        (entry): entry is [string, string[]] => Array.isArray(entry[1]) && entry[1].every((m) => typeof m === 'string'),
      ),
    );
  }

  /** True when the server was never reached (offline, DNS, CORS). */
  get isNetworkError() {
    return this.status === 0;
  }
}
