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

/** A destination pino can write to and flush before the process exits. */
export interface LogDestination extends pino.DestinationStream {
  flushSync(): void;
}

/**
 * Lines written during one turn of the event loop leave together, in one write, when the turn ends
 * (decision 0040). Under load a turn ends many requests, so their lines cost one write(2) between
 * them; when the server is quiet a line leaves a moment after it was logged. Nothing is held past
 * the turn: `flushSync()` writes what is waiting, and it runs when the process exits.
 */
export function linesPerTurn(target: LogDestination): LogDestination {
  let waiting = "";
  const flush = () => {
    if (!waiting) return;
    const text = waiting;
    waiting = "";
    target.write(text);
  };
  const flushSync = () => {
    flush();
    target.flushSync();
  };
  process.once("exit", flushSync);
  return {
    write(line: string) {
      if (!waiting) setImmediate(flush);
      waiting += line;
    },
    flushSync,
  };
}

let stdout: LogDestination | undefined;

/**
 * Logs go to `destination`, by default stdout (one per process): each turn's lines in one
 * synchronous write. A write handed to a thread instead cost every line more CPU than the write
 * itself (decision 0040). A reader that stops reading (a full pipe) holds the server up, as with any
 * blocking write; our supervisors (systemd's journal, a file) read as fast as lines come.
 */
export function createLogger(level: string, destination: pino.DestinationStream = (stdout ??= linesPerTurn(pino.destination({ dest: 1, sync: true })))): Logger {
  return pino({ level, redact: { paths: REDACT_PATHS, censor: "[redacted]" }, serializers: { err: serializeError } }, destination);
}
