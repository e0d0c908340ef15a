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
 * Logs go to `destination`, by default stdout, each line in one synchronous write as pino
 * documents it: a line logged just before the process exits is never lost. (Collecting a turn's
 * lines into one write, decision 0040, saved a few microseconds per request and was removed by
 * decision 0049.) A reader that stops reading (a full pipe) holds the server up, as with any
 * blocking write; our supervisors (systemd's journal, a file) read as fast as lines come.
 */
export function createLogger(level: string, destination: pino.DestinationStream = pino.destination({ dest: 1, sync: true })): Logger {
  return pino({ level, redact: { paths: REDACT_PATHS, censor: "[redacted]" }, serializers: { err: serializeError } }, destination);
}
