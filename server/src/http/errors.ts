import { messageKey, type Problem, type Problems } from '#core/api/validation.ts';
import { DomainError, InvalidInput, MarketRefusal, STATUS_OF_REFUSAL } from '../base/domain-errors.ts';
import { translate, type Locale } from '../base/i18n.ts';

/**
 * A refusal with a status and a body in Django REST framework's shape. Messages stay as keys
 * until the response is written, so they are translated into the request's language.
 */
export class ApiError extends Error {
  readonly status: 400 | 401 | 403 | 404 | 409 | 410 | 413 | 415 | 422 | 429 | 503;
  readonly body: { detail: Problem } | Problems;
  readonly headers: Record<string, string>;
  /** Fields beside `detail` that are not translated (a market refusal's `error` code and `link`). */
  readonly extra: Record<string, string>;

  constructor(
    status: ApiError['status'],
    body: ApiError['body'],
    headers: Record<string, string> = {},
    extra: Record<string, string> = {},
  ) {
    super(`API error ${status}`);
    this.status = status;
    this.body = body;
    this.headers = headers;
    this.extra = extra;
  }

  render(locale: Locale): Record<string, string | string[]> {
    const say = (problem: Problem) => translate(locale, messageKey(problem), problem.params);
    if ('detail' in this.body && !Array.isArray(this.body.detail))
      return { ...this.extra, detail: say(this.body.detail as Problem) };
    return Object.fromEntries(
      Object.entries(this.body as Problems).map(([field, problems]) => [field, problems.map(say)]),
    );
  }
}

export const detailError = (
  status: ApiError['status'],
  key: string,
  params?: Problem['params'],
  headers?: Record<string, string>,
) => new ApiError(status, { detail: { key, params } }, headers);

export const fieldError = (field: string, key: string, params?: Problem['params']) =>
  new ApiError(400, { [field]: [{ key, params }] });

export const fieldErrors = (problems: Problems) => new ApiError(400, problems);

/**
 * The one place a service's refusal becomes an HTTP answer: the status from `STATUS_OF_REFUSAL`,
 * field problems or a detail as the body, and `Retry-After` when the refusal says when to retry.
 */
export const apiErrorOf = (error: DomainError): ApiError =>
  new ApiError(
    STATUS_OF_REFUSAL[error.refusal],
    error instanceof InvalidInput ? error.problems : { detail: { key: error.key, params: error.params } },
    error.retryAfterSeconds === undefined ? {} : { 'Retry-After': String(error.retryAfterSeconds) },
    error instanceof MarketRefusal ? { error: error.code, ...(error.link ? { link: error.link } : {}) } : {},
  );
