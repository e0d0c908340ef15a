import { readdirSync } from "node:fs";
import { readFile, stat } from "node:fs/promises";
import path from "node:path";
import type { MiddlewareHandler } from "hono";
import { acceptsEncoding, COMPRESSIBLE, gzipAsync } from "./compression.js";

const TYPES: Record<string, string> = {
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".ico": "image/x-icon",
  ".webp": "image/webp",
  ".woff2": "font/woff2",
  ".woff": "font/woff",
  ".txt": "text/plain; charset=utf-8",
  ".xml": "application/xml; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".webmanifest": "application/manifest+json",
};

/** Text files under this size are sent as they are: gzip would save less than it costs. */
const GZIP_MIN_BYTES = 1024;

type Kept = Map<string, { stamp: string; body: Uint8Array<ArrayBuffer> }>;

/** A file's bytes made once per version of it (path, size, modification time), then kept. */
async function keptCopy(kept: Kept, file: string, stamp: string, make: () => Promise<Uint8Array<ArrayBuffer>>) {
  let copy = kept.get(file);
  if (copy?.stamp !== stamp) kept.set(file, (copy = { stamp, body: await make() }));
  return copy.body;
}

/**
 * Files from the client build. Hashed assets are cached for a year; other files revalidate. Text
 * files go to a client that takes brotli as the build's brotli copy (`<file>.br`, written by
 * scripts/compress-assets.mjs) when there is one, else to one that takes gzip gzipped once; both
 * are kept in memory by path, size and modification time.
 */
export function staticFiles(root: string): MiddlewareHandler {
  const base = path.resolve(root);
  const gzipped: Kept = new Map();
  const brotli: Kept = new Map();
  return async (c, next) => {
    if (c.req.method !== "GET" && c.req.method !== "HEAD") return next();
    let pathname: string;
    try {
      pathname = decodeURIComponent(c.req.path);
    } catch {
      return next();
    }
    const file = path.resolve(base, `.${pathname}`);
    const type = TYPES[path.extname(file)];
    if (!type || !file.startsWith(base + path.sep)) return next();
    const info = await stat(file).catch(() => null);
    if (!info?.isFile()) return next();
    const immutable = pathname.startsWith("/assets/");
    const headers = {
      "Content-Type": type,
      "Cache-Control": immutable ? "public, max-age=31536000, immutable" : "public, max-age=300",
    };
    const compressible = COMPRESSIBLE.test(type) && info.size >= GZIP_MIN_BYTES;
    if (compressible) c.header("Vary", "Accept-Encoding");
    const accepted = c.req.header("accept-encoding");
    const stamp = `${info.size}:${info.mtimeMs}`;
    let encoded: { coding: string; body: Uint8Array<ArrayBuffer> } | undefined;
    if (compressible && acceptsEncoding(accepted, "br")) {
      // Written by the same build as the file: vite empties dist/client first, so no copy outlives its file.
      const copy = await stat(`${file}.br`).catch(() => null);
      if (copy?.isFile()) encoded = { coding: "br", body: await keptCopy(brotli, file, `${stamp}:${copy.size}`, async () => new Uint8Array(await readFile(`${file}.br`))) };
    }
    if (!encoded && compressible && acceptsEncoding(accepted, "gzip")) {
      encoded = { coding: "gzip", body: await keptCopy(gzipped, file, stamp, async () => new Uint8Array(await gzipAsync(await readFile(file), { level: 9 }))) };
    }
    if (encoded) {
      const sent = { ...headers, "Content-Encoding": encoded.coding };
      if (c.req.method === "HEAD") return c.body(null, 200, { ...sent, "Content-Length": String(encoded.body.byteLength) });
      return c.body(encoded.body, 200, sent);
    }
    if (c.req.method === "HEAD") return c.body(null, 200, { ...headers, "Content-Length": String(info.size) });
    return c.body(new Uint8Array(await readFile(file)), 200, headers);
  };
}

/**
 * The routes that can hold a file of the build: a folder's whole tree, a file by its name. Mounted
 * there only, the files' handler is not a second match for every other path (decision 0041).
 */
export function staticPaths(root: string): string[] {
  return readdirSync(root, { withFileTypes: true }).flatMap((entry) => {
    // .vite/ holds the build's manifest, read by the server (page-scripts.ts), never served.
    if (entry.name.startsWith(".")) return [];
    if (entry.isDirectory()) return [`/${entry.name}/*`];
    return TYPES[path.extname(entry.name)] ? [`/${entry.name}`] : [];
  });
}
