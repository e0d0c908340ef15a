import { randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Logger } from "../logger.js";
import { runWithRequestId } from "./request-context.js";
import type { HeaderList } from "./security-headers.js";

/** How @hono/node-server's `getRequestListener` answers a request: its promise settles when the response is written. */
export type RequestListener = (incoming: IncomingMessage, outgoing: ServerResponse) => Promise<unknown>;

/**
 * The path as the log shows it: decoded as Hono decodes it for routing (so an encoded spelling
 * cannot slip past the redaction), reset tokens redacted, the query never logged at all.
 */
export function loggablePath(url: string): string {
  const query = url.indexOf("?");
  let pathname = query === -1 ? url : url.slice(0, query);
  try {
    pathname = decodeURI(pathname);
  } catch {
    // Logged as sent: a malformed escape is no route's path.
  }
  return pathname.replace(/(\/reset-password\/)[^/]+/i, "$1[redacted]");
}

/**
 * Wraps the app's Node.js request listener with what every request needs, before Hono sees it, so
 * no request pays a middleware layer for it (each layer costs its own promises and async-hook
 * calls; decisions 0040 and 0041):
 * - its id: `X-Request-Id` (first 64 characters) or a new UUID, echoed on the response and carried
 *   to the audit entries the request writes (`server/http/request-context.ts`);
 * - the headers every response carries (`responseHeaders`: the security headers), set on the Node.js
 *   response before the app runs: Node merges them into the head the app writes, whatever it
 *   answers, refusals and errors included, and a header the app sets itself wins;
 * - one log line when the response is written: reqId, method, path, status, duration; 5xx at `error`.
 */
export function requestFrame(logger: Logger, responseHeaders: HeaderList): (listener: RequestListener) => RequestListener {
  // The line's fields are fixed and hold nothing secret (the path is redacted above, the query and
  // headers never logged), so it skips the root logger's redaction: a third of a small request's
  // CPU went to matching its wildcard paths (decision 0029).
  const requests = logger.child({}, { redact: [] });
  return (listener) => (incoming, outgoing) => {
    const started = performance.now();
    const given = incoming.headers["x-request-id"];
    const id = (typeof given === "string" && given.slice(0, 64)) || randomUUID();
    for (const [name, value] of responseHeaders) outgoing.setHeader(name, value);
    outgoing.setHeader("X-Request-Id", id);
    const logLine = () => {
      const status = outgoing.statusCode;
      const entry = { reqId: id, method: incoming.method, path: loggablePath(incoming.url ?? "/"), status, ms: Math.round(performance.now() - started) };
      if (status >= 500) requests.error(entry, "request failed");
      else requests.info(entry, "request");
    };
    // The listener answers every error itself; a rejection is logged the same way all the same.
    return runWithRequestId(id, () => listener(incoming, outgoing)).then(logLine, logLine);
  };
}
