import type { Problem, Problems } from '#core/api/validation.ts';

/**
 * Why a service refused. Services speak only in these terms and never in HTTP statuses: the one
 * translation to a status is `STATUS_OF_REFUSAL`, read by the API's error handler (app.ts) and the
 * console's (operator/routes/operator-routes.ts), which render the same refusal as JSON or as an HTML page.
 */
export type Refusal =
  'invalid' | 'forbidden' | 'not_found' | 'conflict' | 'gone' | 'mismatch' | 'rate_limited' | 'busy';

export const STATUS_OF_REFUSAL = {
  invalid: 400,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  gone: 410,
  mismatch: 422,
  rate_limited: 429,
  busy: 503,
} as const satisfies Record<Refusal, number>;

/**
 * A refusal with a message key (translated when the answer is written, in the request's language),
 * its parameters, and for refusals that pass, how many seconds until a retry may succeed.
 */
export class DomainError extends Error {
  readonly refusal: Refusal;
  readonly key: string;
  readonly params?: Problem['params'];
  readonly retryAfterSeconds?: number;

  constructor(refusal: Refusal, key: string, params?: Problem['params'], retryAfterSeconds?: number) {
    super(`${refusal}: ${key}`);
    this.refusal = refusal;
    this.key = key;
    this.params = params;
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

/**
 * A refusal of a staff action in the operator console: its key is one of the console's own messages
 * (operator/views/messages.en.json), so the console's error handler shows it (in the status of its
 * refusal) rather than the API's text. `code` is the key's last part.
 */
export class ConsoleRefusal<Code extends string = string> extends DomainError {
  readonly code: Code;

  constructor(refusal: Refusal, key: string, code: Code, params?: Problem['params']) {
    super(refusal, key, params);
    this.code = code;
  }
}

/** Input the rule refuses, by field (Django REST framework's `{"field": ["message"]}`). */
export class InvalidInput extends DomainError {
  readonly problems: Problems;

  constructor(problems: Problems) {
    const [field, [first] = []] = Object.entries(problems)[0] ?? [];
    super('invalid', first?.key ?? 'invalid', first?.params);
    this.message = `invalid ${field}: ${first?.key}`;
    this.problems = problems;
  }

  static of(field: string, key: string, params?: Problem['params']) {
    return new InvalidInput({ [field]: [{ key, params }] });
  }
}

/**
 * The class of a refusal that carries only its message key and parameters. The kinds below extend
 * it, so each stays its own class (`instanceof NotFound`) while the constructor is written once.
 */
function plainRefusal(refusal: Refusal) {
  return class extends DomainError {
    constructor(key: string, params?: Problem['params']) {
      super(refusal, key, params);
    }
  };
}

/** A request the rule refuses as a whole, not one field of it (`{"detail": "message"}`). */
export class InvalidRequest extends plainRefusal('invalid') {}

/** The player may not do this now (self-excluded, a limit reached). */
export class NotAllowed extends plainRefusal('forbidden') {}

export class NotFound extends plainRefusal('not_found') {}

/** The state changed under the request (a round already open or finished, an action replayed differently). */
export class Conflict extends plainRefusal('conflict') {}

/** The thing existed and is over (an expired game session). */
export class Gone extends plainRefusal('gone') {}

/** A repeated request (same idempotency key) whose content differs from the first one. */
export class Mismatch extends plainRefusal('mismatch') {}

/**
 * A refusal by the licensed market's rules (docs/markets.md): forbidden, with a code the answer carries as
 * `error` (`too_fast`, `limit_reached`, …) beside the translated `detail`, and where asked a `link` to put it right.
 */
export class MarketRefusal extends DomainError {
  readonly code: string;
  readonly link?: string;

  constructor(verdict: { code: string; key: string; params?: Problem['params']; link?: string }) {
    super('forbidden', verdict.key, verdict.params);
    this.code = verdict.code;
    this.link = verdict.link;
  }
}

/** Too many attempts: try again after `retryAfterSeconds`. */
export class RateLimited extends DomainError {
  constructor(key: string, params: Problem['params'] | undefined, retryAfterSeconds: number) {
    super('rate_limited', key, params, retryAfterSeconds);
  }
}

/** The server is saturated (the password-hashing queue is full): try again after `retryAfterSeconds`. */
export class Busy extends DomainError {
  constructor(key: string, retryAfterSeconds: number) {
    super('busy', key, undefined, retryAfterSeconds);
  }
}
