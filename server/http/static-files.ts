import { readdirSync } from "node:fs";
import { readFile, stat } from "node:fs/promises";
import path from "node:path";
import type { MiddlewareHandler } from "hono";
import { acceptsGzip, COMPRESSIBLE, gzipAsync } from "./compression.js";

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

/**
 * Files from the client build. Hashed assets are cached for a year; other files revalidate. Text
 * files are gzipped once (kept by path, size and modification time) for clients that accept it.
 */
export function staticFiles(root: string): MiddlewareHandler {
  const base = path.resolve(root);
  const gzipped = new Map<string, { stamp: string; body: Uint8Array<ArrayBuffer> }>();
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
    if (compressible && acceptsGzip(c.req.header("accept-encoding"))) {
      const stamp = `${info.size}:${info.mtimeMs}`;
      let kept = gzipped.get(file);
      if (kept?.stamp !== stamp) gzipped.set(file, (kept = { stamp, body: new Uint8Array(await gzipAsync(await readFile(file), { level: 9 })) }));
      const encoded = { ...headers, "Content-Encoding": "gzip" };
      if (c.req.method === "HEAD") return c.body(null, 200, { ...encoded, "Content-Length": String(kept.body.byteLength) });
      return c.body(kept.body, 200, encoded);
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
    if (entry.isDirectory()) return [`/${entry.name}/*`];
    return TYPES[path.extname(entry.name)] ? [`/${entry.name}`] : [];
  });
}
