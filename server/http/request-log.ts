import type { MiddlewareHandler } from "hono";
import type { RequestIdVariables } from "hono/request-id";
import type { Logger } from "../logger.js";
import { runWithRequestId } from "../request-id.js";

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
 * One log line per request once it is answered (request id, method, path, status, duration; 5xx
 * at `error`), and the request's id (Hono's requestId middleware, before this one) carried to the
 * audit entries the request writes (server/request-id.ts).
 */
export function requestLog(logger: Logger): MiddlewareHandler<{ Variables: RequestIdVariables }> {
  return async (c, next) => {
    const started = performance.now();
    const id = c.get("requestId");
    await runWithRequestId(id, next);
    const status = c.res.status;
    const entry = { reqId: id, method: c.req.method, path: loggablePath(new URL(c.req.url).pathname), status, ms: Math.round(performance.now() - started) };
    if (status >= 500) logger.error(entry, "request failed");
    else logger.info(entry, "request");
  };
}
