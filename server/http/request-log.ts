import { randomUUID } from "node:crypto";
import type { MiddlewareHandler } from "hono";
import type { Logger } from "../logger.js";

/** Reset tokens travel in the path; the query string is never logged at all. */
export function loggablePath(pathname: string): string {
  return pathname.replace(/^(\/api\/auth\/reset-password\/)[^/]+/, "$1[redacted]");
}

export function requestLog(logger: Logger): MiddlewareHandler {
  return async (c, next) => {
    const started = performance.now();
    const id = c.req.header("x-request-id")?.slice(0, 64) || randomUUID();
    c.header("X-Request-Id", id);
    try {
      await next();
    } finally {
      const status = c.res.status;
      const entry = {
        reqId: id,
        method: c.req.method,
        path: loggablePath(c.req.path),
        status,
        ms: Math.round(performance.now() - started),
      };
      if (status >= 500) logger.error(entry, "request failed");
      else logger.info(entry, "request");
    }
  };
}
