import type { MiddlewareHandler } from "hono";
import { hasControlCharacters } from "#shared/schemas/text.js";
import { AppError } from "../errors.js";

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
