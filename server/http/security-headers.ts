import type { ServerResponse } from "node:http";
import type { Context, MiddlewareHandler } from "hono";

const CSP = [
  "default-src 'self'",
  "script-src 'self'",
  // React style attributes (e.g. progress widths) need inline styles; scripts stay strict.
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join("; ");

type HeaderList = ReadonlyArray<readonly [string, string]>;

/** The same on every response: built once (decision 0035). */
function headerList(options: { hsts: boolean }): HeaderList {
  return [
    ["Content-Security-Policy", CSP],
    ["X-Content-Type-Options", "nosniff"],
    ["Referrer-Policy", "strict-origin-when-cross-origin"],
    ["X-Frame-Options", "DENY"],
    ["Cross-Origin-Opener-Policy", "same-origin"],
    ["Permissions-Policy", "camera=(), microphone=(), geolocation=(), payment=()"],
    ...(options.hsts ? [["Strict-Transport-Security", "max-age=31536000; includeSubDomains"] as const] : []),
  ];
}

/**
 * Sets headers on the Node.js response under @hono/node-server (its documented `c.env.outgoing`),
 * before the handler runs: Node merges them into the head it writes, whatever Response the handler
 * made, errors included, and Hono's own Headers object is never built or copied for them. False
 * where there is no Node response (`app.request()` in tests).
 */
export function presetHeaders(c: Context, headers: HeaderList): boolean {
  const outgoing = (c.env as { outgoing?: ServerResponse } | undefined)?.outgoing;
  if (!outgoing || typeof outgoing.setHeader !== "function" || outgoing.headersSent) return false;
  for (const [name, value] of headers) outgoing.setHeader(name, value);
  return true;
}

export function securityHeaders(options: { hsts: boolean }): MiddlewareHandler {
  const headers = headerList(options);
  return async (c, next) => {
    if (presetHeaders(c, headers)) return next();
    await next();
    // As on Node.js, where the head Hono writes wins over what was preset: a route's own value stays.
    for (const [name, value] of headers) if (!c.res.headers.has(name)) c.res.headers.set(name, value);
  };
}
