import type { Context } from "hono";

/** A PDF as a download: never cached (it holds account data), named for what it holds. */
export function pdfResponse(c: Context, fileName: string, body: Uint8Array): Response {
  c.header("Content-Type", "application/pdf");
  c.header("Content-Disposition", `attachment; filename="${fileName}"`);
  c.header("Cache-Control", "no-store");
  c.header("Content-Length", String(body.byteLength));
  return c.body(body as Uint8Array<ArrayBuffer>);
}
