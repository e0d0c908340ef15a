import type { Context, MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import { hasControlCharacters } from "#shared/schemas/text.js";
import { AppError } from "../errors.js";

/** Our largest legitimate body (a 5,000-character contact message, escaped) is well under this. */
export const MAX_BODY_BYTES = 64 * 1024;

const tooLarge = () => new AppError("PAYLOAD_TOO_LARGE", `The request body must be at most ${MAX_BODY_BYTES / 1024} KB.`);

/**
 * The routes that take a file (multipart/form-data) instead of JSON, by "METHOD /full/path", each
 * with its own body limit and the sentence its 413 says. Built from the operations that declare an
 * `upload` (server/http/api-router.ts `uploadRoutes`), so the exception is exactly those routes:
 * only their exact path and method, never a pattern.
 */
export type UploadRoutes = ReadonlyMap<string, { maxBodyBytes: number; tooLarge: string }>;

const NO_UPLOADS: UploadRoutes = new Map();
const routeKey = (c: Context) => `${c.req.method} ${c.req.path}`;
const isUpload = (c: Context, uploads: UploadRoutes) => uploads.has(routeKey(c));

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
 *
 * An upload route (`uploads`) is held to its own limit the same way, by its length or counted.
 */
export function limitBody(uploads: UploadRoutes = NO_UPLOADS): MiddlewareHandler {
  const limit = (maxBytes: number, refusal: () => AppError) => ({
    maxBytes,
    refusal,
    counted: bodyLimit({
      maxSize: maxBytes,
      onError: () => {
        throw refusal();
      },
    }),
  });
  const json = limit(MAX_BODY_BYTES, tooLarge);
  const files = new Map([...uploads].map(([key, upload]) => [key, limit(upload.maxBodyBytes, () => new AppError("PAYLOAD_TOO_LARGE", upload.tooLarge))]));
  return (c, next) => {
    if (!BODY_METHODS.has(c.req.method)) return next();
    const { maxBytes, refusal, counted } = files.get(routeKey(c)) ?? json;
    const length = c.req.header("content-length");
    const declared = length === undefined ? NaN : Number(length);
    // Node refuses a malformed or conflicting Content-Length with a 400 before any middleware runs;
    // anything else unexpected is counted as it arrives, like a body without a length.
    if (!Number.isSafeInteger(declared) || c.req.header("transfer-encoding") !== undefined) return counted(c, next);
    if (declared > maxBytes) throw refusal();
    return next();
  };
}

const BODY_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/** No body at all: no Content-Type, no chunks, and a Content-Length of 0 or none (a plain DELETE). */
const bodyless = (c: Context) =>
  c.req.header("content-type") === undefined && c.req.header("transfer-encoding") === undefined && (c.req.header("content-length") ?? "0") === "0";

/**
 * The JSON API takes JSON only. A form on another site can send text/plain or form-encoded bodies
 * without asking the browser's permission; application/json it cannot. A request with no body at
 * all has nothing to read (a DELETE of a thing by its id). The upload routes read their own
 * multipart body and refuse any other type with the same 415.
 */
export function jsonOnly(uploads: UploadRoutes = NO_UPLOADS): MiddlewareHandler {
  return (c, next) => {
    if (!BODY_METHODS.has(c.req.method) || bodyless(c) || isUpload(c, uploads)) return next();
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

/** Refuses bytes that are not UTF-8 instead of reading them as U+FFFD, which `Request.text()` would. */
const strictUtf8 = new TextDecoder("utf-8", { fatal: true });

/**
 * Every JSON body on /api, better-auth's included, is refused with a 400 when it is not UTF-8 (JSON
 * is UTF-8: bytes that are not would be stored as replacement characters, a changed request rather
 * than a refused one) or nests deeper than MAX_JSON_DEPTH, before any parser sees it: a
 * 4,000-level body made better-auth's handler throw a RangeError. The body (at most 64 KB by then)
 * is read once; Hono keeps it for the route. An upload route's body is a file, never read as text here.
 */
export function refuseMalformedJson(uploads: UploadRoutes = NO_UPLOADS): MiddlewareHandler {
  return async (c, next) => {
    if (!BODY_METHODS.has(c.req.method) || isUpload(c, uploads)) return next();
    const bytes = await c.req.arrayBuffer();
    let text: string;
    try {
      text = strictUtf8.decode(bytes);
    } catch {
      throw new AppError("VALIDATION_FAILED", "The request body is not valid UTF-8.");
    }
    if (jsonDeeperThan(text, MAX_JSON_DEPTH)) {
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
