import { randomUUID } from "node:crypto";
import type { MiddlewareHandler } from "hono";
import type { Logger } from "../logger.js";
import { runWithRequestId } from "./request-context.js";
import { addMissingHeaders, nodeResponse, type HeaderList } from "./security-headers.js";

/** Reset tokens travel in the path; the query string is never logged at all. */
export function loggablePath(pathname: string): string {
  return pathname.replace(/^(\/api\/auth\/reset-password\/)[^/]+/, "$1[redacted]");
}

/**
 * The outermost layer of every request, and one layer for the three things every request needs
 * (each middleware layer costs every request its own promises and async-hook calls, decision 0040):
 * - its id: `X-Request-Id` (first 64 characters) or a new UUID, echoed on the response and carried
 *   to the audit entries the request writes (`server/http/request-context.ts`);
 * - the headers every response carries (`responseHeaders`: the security headers), preset on the
 *   Node.js response before anything else runs, so refusals and errors carry them too;
 * - one log line when the response is made: reqId, method, path, status, duration; 5xx at `error`.
 */
export function requestFrame(logger: Logger, responseHeaders: HeaderList): MiddlewareHandler {
  // The line's fields are fixed and hold nothing secret (the path is redacted above, the query and
  // headers never logged), so it skips the root logger's redaction: a third of a small request's
  // CPU went to matching its wildcard paths (decision 0029).
  const requests = logger.child({}, { redact: [] });
  return async (c, next) => {
    const started = performance.now();
    const id = c.req.header("x-request-id")?.slice(0, 64) || randomUUID();
    const outgoing = nodeResponse(c);
    if (outgoing) {
      for (const [name, value] of responseHeaders) outgoing.setHeader(name, value);
      outgoing.setHeader("X-Request-Id", id);
    } else {
      c.header("X-Request-Id", id);
    }
    try {
      await runWithRequestId(id, next);
    } finally {
      if (!outgoing) addMissingHeaders(c.res, responseHeaders);
      const status = c.res.status;
      const entry = {
        reqId: id,
        method: c.req.method,
        path: loggablePath(c.req.path),
        status,
        ms: Math.round(performance.now() - started),
      };
      if (status >= 500) requests.error(entry, "request failed");
      else requests.info(entry, "request");
    }
  };
}
