import type { MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import { AppError } from "../errors.js";

/** Our largest legitimate body (a 5,000-character contact message, escaped) is well under this. */
export const MAX_BODY_BYTES = 64 * 1024;

/**
 * Stops reading a body at MAX_BODY_BYTES (at once when Content-Length says more), before anything
 * parses it: 413, and the route never runs.
 */
export function limitBody(): MiddlewareHandler {
  const limit = bodyLimit({
    maxSize: MAX_BODY_BYTES,
    onError: () => {
      throw new AppError("PAYLOAD_TOO_LARGE", `The request body must be at most ${MAX_BODY_BYTES / 1024} KB.`);
    },
  });
  // Only where a body is read. hono's bodyLimit asks for the body stream on every request, and on
  // @hono/node-server that builds a whole fetch Request (with its AbortSignal) even for a GET,
  // which no route reads a body from: about 5 % of the server's CPU on GET /healthz (decision 0029).
  return (c, next) => (BODY_METHODS.has(c.req.method) ? limit(c, next) : next());
}

const BODY_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/**
 * The JSON API takes JSON only. A form on another site can send text/plain or form-encoded bodies
 * without asking the browser's permission; application/json it cannot.
 */
export function jsonOnly(): MiddlewareHandler {
  return async (c, next) => {
    if (!BODY_METHODS.has(c.req.method)) return next();
    const type = c.req.header("content-type")?.split(";")[0]?.trim().toLowerCase();
    if (type !== "application/json") throw new AppError("UNSUPPORTED_MEDIA_TYPE", "Send the request as application/json.");
    return next();
  };
}
