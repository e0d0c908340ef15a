import { readFile, stat } from "node:fs/promises";
import path from "node:path";
import type { MiddlewareHandler } from "hono";

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

/** Files from the client build. Hashed assets are cached for a year; other files revalidate. */
export function staticFiles(root: string): MiddlewareHandler {
  const base = path.resolve(root);
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
    if (c.req.method === "HEAD") return c.body(null, 200, { ...headers, "Content-Length": String(info.size) });
    return c.body(new Uint8Array(await readFile(file)), 200, headers);
  };
}
