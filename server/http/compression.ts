import { gzip } from "node:zlib";
import { promisify } from "node:util";

/**
 * Compression where it pays, and nowhere else (decision 0029). Pre-rendered pages are gzipped once
 * when rendered (server/http/pages.ts) and static files once per file (server/http/static-files.ts);
 * the JSON API is not compressed, except the history and its CSV file (server/app.ts), which can
 * be large. Compressing on every request cost more CPU than the request itself: hono's compress
 * middleware turns every response into a stream, even a 20-byte one it then leaves alone.
 */

/** Whether an Accept-Encoding header allows gzip (by name or `*`, with a q above 0). */
export function acceptsGzip(header: string | undefined): boolean {
  if (!header) return false;
  let wildcard = false;
  for (const part of header.toLowerCase().split(",")) {
    const [name = "", ...params] = part.split(";").map((piece) => piece.trim());
    const q = params.find((param) => param.startsWith("q="));
    const allowed = !q || Number(q.slice(2)) > 0;
    if (name === "gzip") return allowed;
    if (name === "*") wildcard = allowed;
  }
  return wildcard;
}

/** Text types worth compressing; images and fonts are compressed already. */
export const COMPRESSIBLE = /^(text\/|application\/(json|javascript|xml|manifest\+json)|image\/svg\+xml)/;

export const gzipAsync = promisify(gzip);
