import { ERROR_LINKS, ERROR_STATUS, type ApiErrorBody, type ErrorCode } from "#shared/errors.js";

/** Thrown by services; the HTTP layer turns it into `{ error: { code, message } }` with the mapped status. */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly fields?: Record<string, string>,
    /** Sent as Retry-After with a 429. */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = "AppError";
  }

  get status(): number {
    return ERROR_STATUS[this.code];
  }

  toBody(): ApiErrorBody {
    const link = ERROR_LINKS[this.code];
    return { error: { code: this.code, message: this.message, ...(this.fields ? { fields: this.fields } : {}), ...(link ? { link } : {}) } };
  }
}
