import type { Context } from "hono";

/** A CSV file as a download: never cached (it holds account data), named for what it holds. */
export function csvResponse(c: Context, fileName: string, body: string): Response {
  c.header("Content-Type", "text/csv; charset=utf-8");
  c.header("Content-Disposition", `attachment; filename="${fileName}"`);
  c.header("Cache-Control", "no-store");
  return c.body(body);
}
