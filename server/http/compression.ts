import { brotliCompress, constants, gzip } from "node:zlib";
import { promisify } from "node:util";

/**
 * Compression where it pays, and nowhere else (decisions 0029, 0043). Pre-rendered pages are
 * compressed once when rendered (server/http/pages.ts), static files once per file: brotli by the
 * build (scripts/compress-assets.mjs), gzip on first use (server/http/static-files.ts). The JSON
 * API is not compressed, except the history's CSV file (server/app.ts), which can be large.
 * Compressing on every request cost more CPU than the request itself: hono's compress middleware
 * turns every response into a stream, even a 20-byte one it then leaves alone.
 */

/** The codings we send, in the order we prefer them when a client takes both: brotli is smaller. */
export type Coding = "br" | "gzip";

/** Whether an Accept-Encoding header allows `coding` (by name or `*`, with a q above 0). */
export function acceptsEncoding(header: string | undefined, coding: Coding): boolean {
  if (!header) return false;
  let wildcard = false;
  for (const part of header.toLowerCase().split(",")) {
    const [name = "", ...params] = part.split(";").map((piece) => piece.trim());
    const q = params.find((param) => param.startsWith("q="));
    const allowed = !q || Number(q.slice(2)) > 0;
    if (name === coding) return allowed;
    if (name === "*") wildcard = allowed;
  }
  return wildcard;
}

/** Text types worth compressing; images and fonts are compressed already. */
export const COMPRESSIBLE = /^(text\/|application\/(json|javascript|xml|manifest\+json)|image\/svg\+xml)/;

export const gzipAsync = promisify(gzip);

const brotliAsync = promisify(brotliCompress);

/**
 * Brotli for text compressed once and sent many times, in the thread pool. Quality 10, not 11: for
 * the home page 13.1 KB against 12.8 KB, in 26 ms against 77 ms, and every page is compressed again
 * at start and after each plan edit, which waits for it (gzip at level 9: 15.1 KB).
 */
export const brotliOnce = (text: string | Uint8Array) =>
  brotliAsync(text, { params: { [constants.BROTLI_PARAM_QUALITY]: 10, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT } });
