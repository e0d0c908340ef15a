import type { ServerResponse } from "node:http";
import type { Context } from "hono";

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

export type HeaderList = ReadonlyArray<readonly [string, string]>;

/** The headers every response carries, the same on each: built once (decision 0035). */
export function securityHeaderList(options: { hsts: boolean }): HeaderList {
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
 * The Node.js response under @hono/node-server (its documented `c.env.outgoing`) while its head is
 * still unwritten: headers set on it before the handler runs are merged by Node into the head it
 * writes, whatever Response the handler made, errors included, and Hono's own Headers object is
 * never built or copied for them. Undefined where there is no Node response (`app.request()` in tests).
 */
export function nodeResponse(c: Context): ServerResponse | undefined {
  const outgoing = (c.env as { outgoing?: ServerResponse } | undefined)?.outgoing;
  if (!outgoing || typeof outgoing.setHeader !== "function" || outgoing.headersSent) return undefined;
  return outgoing;
}

/**
 * Without a Node response: adds to the finished response each header it does not set itself, as on
 * Node.js, where the head Hono writes wins over what was preset.
 */
export function addMissingHeaders(response: Response, headers: HeaderList): void {
  for (const [name, value] of headers) if (!response.headers.has(name)) response.headers.set(name, value);
}
