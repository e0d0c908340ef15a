import { ERROR_STATUS, type ApiErrorBody, type ErrorCode } from "../shared/errors.js";

/** Thrown by services; the HTTP layer turns it into `{ error: { code, message } }` with the mapped status. */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
    this.name = "AppError";
  }

  get status(): number {
    return ERROR_STATUS[this.code];
  }

  toBody(): ApiErrorBody {
    return { error: { code: this.code, message: this.message, ...(this.fields ? { fields: this.fields } : {}) } };
  }
}
