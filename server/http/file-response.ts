import type { Context } from "hono";

/**
 * `attachment` with the file's name twice (RFC 6266): `filename` in plain ASCII for every client
 * (accents dropped, anything else outside letters, digits, dot, dash and underscore becomes "_", so no quote, slash or
 * line break of a name someone typed reaches the header), and `filename*` with the name as given,
 * UTF-8 percent-encoded, for the clients that read it.
 */
export function attachmentDisposition(fileName: string): string {
  const ascii = fileName.normalize("NFKD").replace(/[\u0300-\u036f]/g, "").replace(/[^A-Za-z0-9._-]+/g, "_").replace(/^[._]+/, "").slice(-120) || "file";
  const encoded = encodeURIComponent(fileName).replace(/['()*]/g, (character) => `%${character.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/**
 * A file as a download: never cached (it holds account data), never sniffed into another type than
 * the one given, never shown inline, named for what it holds.
 */
export function fileResponse(c: Context, file: { fileName: string; contentType: string; bytes: Uint8Array }): Response {
  c.header("Content-Type", file.contentType);
  c.header("Content-Disposition", attachmentDisposition(file.fileName));
  c.header("Cache-Control", "no-store");
  c.header("X-Content-Type-Options", "nosniff");
  c.header("Content-Length", String(file.bytes.byteLength));
  return c.body(file.bytes as Uint8Array<ArrayBuffer>);
}
