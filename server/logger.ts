import pino from "pino";

export type Logger = pino.Logger;

/** Anything that could carry a credential is redacted, whatever logs it. */
export const REDACT_PATHS = [
  "req.headers.cookie",
  "req.headers.authorization",
  "res.headers['set-cookie']",
  "*.password",
  "*.newPassword",
  "*.currentPassword",
  "*.token",
  "*.secret",
];

/** Drizzle's "Failed query" text lists the bound values after this line, up to the stack frames. */
const QUERY_VALUES = /\nparams: [\s\S]*?(?=\n {4}at |$)/;

/**
 * A failed query's error carries the values it bound: names, e-mail addresses, notes. Logs keep
 * the SQL and the database's reason, never the values.
 */
export function serializeError(error: Error): pino.SerializedError {
  const serialized = pino.stdSerializers.err(error);
  if (!("params" in error)) return serialized;
  const { params: _values, ...rest } = serialized as pino.SerializedError & { params?: unknown };
  const reason = error.cause instanceof Error ? `: ${error.cause.message}` : "";
  return {
    ...rest,
    message: rest.message.replace(QUERY_VALUES, "\nparams: [redacted]") + reason,
    stack: rest.stack.replace(QUERY_VALUES, "\nparams: [redacted]"),
  } as pino.SerializedError;
}

/**
 * Logs go to `destination`, by default stdout written asynchronously: lines that arrive while a
 * write is under way go out together in the next one, instead of one blocking write per request
 * (decision 0029). pino flushes what is left when the process exits, process.exit() included.
 */
export function createLogger(level: string, destination: pino.DestinationStream = pino.destination({ dest: 1, sync: false })): Logger {
  return pino({ level, redact: { paths: REDACT_PATHS, censor: "[redacted]" }, serializers: { err: serializeError } }, destination);
}
