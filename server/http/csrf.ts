import type { MiddlewareHandler } from "hono";
import { AppError } from "../errors.js";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

function originOf(value: string | undefined): string | undefined {
  if (!value) return undefined;
  try {
    return new URL(value).origin;
  } catch {
    return undefined;
  }
}

/**
 * Refuses every state-changing request that did not come from our own pages: its Origin (or,
 * when a browser sends none, its Referer) must be PUBLIC_URL's origin. A request with neither is
 * refused too: every browser we serve sends Origin on a POST, and a tool that sends neither can
 * add it. Nothing reaches a route, so nothing changes.
 */
export function sameOriginOnly(publicUrl: string): MiddlewareHandler {
  const expected = new URL(publicUrl).origin;
  return (c, next) => {
    if (SAFE_METHODS.has(c.req.method)) return next();
    const origin = c.req.header("origin");
    // "null" (a sandboxed frame, a file, some redirects) is an origin, and not ours.
    const source = origin !== undefined ? originOf(origin) : originOf(c.req.header("referer"));
    if (source !== expected) throw new AppError("CSRF_REJECTED", "This request did not come from this site's own pages, so it was refused.");
    return next();
  };
}
