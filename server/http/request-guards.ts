import type { Context, MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import { hasControlCharacters } from "#shared/schemas/text.js";
import { AppError } from "../errors.js";

/** Our largest legitimate body (a 5,000-character contact message, escaped) is well under this. */
export const MAX_BODY_BYTES = 64 * 1024;

const tooLarge = () => new AppError("PAYLOAD_TOO_LARGE", `The request body must be at most ${MAX_BODY_BYTES / 1024} KB.`);

/**
 * Stops reading a body at MAX_BODY_BYTES (at once when Content-Length says more), before anything
 * parses it: 413, and the route never runs.
 *
 * A body with a Content-Length (every browser's fetch, every JSON client we know) is judged by that
 * header alone: Node's HTTP parser delivers exactly that many bytes as the body, never more, so
 * nothing is read to check it. Only a body sent without a length (chunked) is counted as it arrives,
 * by hono's bodyLimit, which asks for the body as a web stream; on @hono/node-server that builds a
 * whole fetch Request with its AbortSignal and stream adapters, and doing it for every request cost
 * a sixth of a transfer's server CPU (decision 0039). GETs carry no body any route reads.
 */
export function limitBody(): MiddlewareHandler {
  const counted = bodyLimit({
    maxSize: MAX_BODY_BYTES,
    onError: () => {
      throw tooLarge();
    },
  });
  return (c, next) => {
    if (!BODY_METHODS.has(c.req.method)) return next();
    const length = c.req.header("content-length");
    const declared = length === undefined ? NaN : Number(length);
    // Node refuses a malformed or conflicting Content-Length with a 400 before any middleware runs;
    // anything else unexpected is counted as it arrives, like a body without a length.
    if (!Number.isSafeInteger(declared) || c.req.header("transfer-encoding") !== undefined) return counted(c, next);
    if (declared > MAX_BODY_BYTES) throw tooLarge();
    return next();
  };
}

const BODY_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/** Nothing sent and nothing claimed: no Content-Type, no Transfer-Encoding, a Content-Length of 0 or none. */
function hasNoBody(c: Context): boolean {
  if (c.req.header("content-type") !== undefined || c.req.header("transfer-encoding") !== undefined) return false;
  const length = c.req.header("content-length");
  return length === undefined || length.trim() === "0";
}

/**
 * The JSON API takes JSON only. A form on another site can send text/plain or form-encoded bodies
 * without asking the browser's permission; application/json it cannot. A request with no body and
 * no type at all (a DELETE, say) has nothing to be typed: a route reads it as `{}`, which its schema
 * judges. A form always sends a type, even when empty, so it is still refused.
 */
export function jsonOnly(): MiddlewareHandler {
  return (c, next) => {
    if (!BODY_METHODS.has(c.req.method) || hasNoBody(c)) return next();
    const type = c.req.header("content-type")?.split(";")[0]?.trim().toLowerCase();
    if (type !== "application/json") throw new AppError("UNSUPPORTED_MEDIA_TYPE", "Send the request as application/json.");
    return next();
  };
}

/** Deeper than any body we take (ours are at most three levels); a parser's recursion is not a resource to offer. */
export const MAX_JSON_DEPTH = 32;

/** Whether a JSON text nests arrays and objects deeper than `max`, read without parsing it (strings skipped). */
export function jsonDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (inString) {
      if (code === 92) index++; // a backslash escapes the next character
      else if (code === 34) inString = false;
    } else if (code === 34) inString = true;
    else if (code === 123 || code === 91) {
      if (++depth > max) return true;
    } else if (code === 125 || code === 93) depth--;
  }
  return false;
}

/**
 * Every JSON body on /api, better-auth's included, is refused with a 400 when it nests deeper than
 * MAX_JSON_DEPTH, before any parser sees it: a 4,000-level body made better-auth's handler throw a
 * RangeError. The body (at most 64 KB by then) is read once; Hono keeps it for the route.
 */
export function refuseDeepJson(): MiddlewareHandler {
  return async (c, next) => {
    if (!BODY_METHODS.has(c.req.method)) return next();
    if (jsonDeeperThan(await c.req.text(), MAX_JSON_DEPTH)) {
      throw new AppError("VALIDATION_FAILED", `The request body must not nest deeper than ${MAX_JSON_DEPTH} levels.`);
    }
    return next();
  };
}

function decoded(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/**
 * Path parameters (ids) and query text reach SQL as bound values, and PostgreSQL answers a NUL
 * there with an error, not a miss: a `%00` in `/api/…/:id` was a 500. No valid id, search or
 * option holds a control character, so such a URL is refused with 400 before any route runs.
 */
export function refuseControlCharactersInUrl(): MiddlewareHandler {
  return (c, next) => {
    const url = new URL(c.req.url);
    const texts = [decoded(url.pathname)];
    for (const [key, value] of url.searchParams) texts.push(key, value);
    if (texts.some((text) => hasControlCharacters(text))) {
      throw new AppError("VALIDATION_FAILED", "The address must not contain control characters.");
    }
    return next();
  };
}
