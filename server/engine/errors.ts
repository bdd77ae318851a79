/** Errors that carry their HTTP answer. Anything else becomes a 500 without details. */

export type FieldErrors = Record<string, string[]>;

export class HttpError extends Error {
  constructor(public status: number, public body: Record<string, unknown>) {
    super(typeof body.detail === 'string' ? body.detail : `HTTP ${status}`);
  }
}

export const badRequest = (errors: FieldErrors) => new HttpError(400, errors);
export const fieldError = (field: string, message: string) => badRequest({ [field]: [message] });
export const notFound = () => new HttpError(404, { detail: 'Not found.' });
export const forbidden = (detail = 'You do not have permission to perform this action.') => new HttpError(403, { detail });
export const unauthorized = (detail = 'Authentication credentials were not provided.') => new HttpError(401, { detail });
export const conflict = (detail: string) => new HttpError(409, { detail });
export const preconditionFailed = (detail: string) => new HttpError(412, { detail });
export const tooMany = (detail: string) => new HttpError(429, { detail });

/** Collects per-field messages and throws them as one 400. */
export class ErrorBag {
  /** No prototype: a client's key such as `toString` or `__proto__` is just a key here. */
  errors: FieldErrors = Object.create(null) as FieldErrors;
  add(field: string, message: string) {
    (this.errors[field] ??= []).push(message);
  }
  get empty() {
    return Object.keys(this.errors).length === 0;
  }
  throwIfAny() {
    if (!this.empty) throw badRequest(this.errors);
  }
}
