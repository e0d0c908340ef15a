import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliCompressSync, brotliDecompressSync, gunzipSync } from "node:zlib";
import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { acceptsEncoding } from "./compression.js";
import { staticFiles } from "./static-files.js";

describe("acceptsEncoding", () => {
  it("reads Accept-Encoding as browsers and tools send it", () => {
    expect(acceptsEncoding("gzip, deflate, br", "gzip")).toBe(true);
    expect(acceptsEncoding("br;q=1.0, gzip;q=0.8", "gzip")).toBe(true);
    expect(acceptsEncoding("*", "gzip")).toBe(true);
    expect(acceptsEncoding(undefined, "gzip")).toBe(false);
    expect(acceptsEncoding("identity", "gzip")).toBe(false);
    expect(acceptsEncoding("gzip;q=0", "gzip")).toBe(false);
    expect(acceptsEncoding("*, gzip;q=0", "gzip")).toBe(false);
  });

  it("tells brotli apart from gzip", () => {
    expect(acceptsEncoding("gzip, deflate, br, zstd", "br")).toBe(true);
    expect(acceptsEncoding("gzip, deflate", "br")).toBe(false);
    expect(acceptsEncoding("br;q=0, gzip", "br")).toBe(false);
    expect(acceptsEncoding("br;q=0, gzip", "gzip")).toBe(true);
    expect(acceptsEncoding("brotli", "br")).toBe(false);
  });
});

describe("static files", () => {
  const dir = mkdtempSync(path.join(tmpdir(), "termvest-static-"));
  const script = "console.log('termvest');\n".repeat(200);
  writeFileSync(path.join(dir, "app.js"), script);
  writeFileSync(path.join(dir, "tiny.js"), "1;");
  // The build's brotli copy (scripts/compress-assets.mjs) beside one file, none beside the other.
  writeFileSync(path.join(dir, "built.js"), script);
  writeFileSync(path.join(dir, "built.js.br"), brotliCompressSync(script));
  const app = new Hono().use("*", staticFiles(dir));
  const get = (file: string, encoding?: string) => app.request(`/${file}`, { headers: encoding ? { "Accept-Encoding": encoding } : {} });

  it("are sent as the build's brotli copy to a client that takes brotli, the same bytes once decoded", async () => {
    const response = await get("built.js", "gzip, deflate, br");
    expect(response.headers.get("content-encoding")).toBe("br");
    expect(response.headers.get("vary")).toBe("Accept-Encoding");
    expect(brotliDecompressSync(Buffer.from(await response.arrayBuffer())).toString()).toBe(script);
    const head = await app.request("/built.js", { method: "HEAD", headers: { "Accept-Encoding": "br" } });
    expect(Number(head.headers.get("content-length"))).toBe(brotliCompressSync(script).byteLength);
    // The copy itself is no file of the site.
    expect((await get("built.js.br", "br")).status).toBe(404);
  });

  it("are sent gzipped, the same bytes once unzipped, to a client that takes gzip, or brotli where the build made no copy", async () => {
    expect((await get("built.js", "gzip")).headers.get("content-encoding")).toBe("gzip");
    const response = await get("app.js", "gzip, br");
    expect(response.headers.get("content-encoding")).toBe("gzip");
    expect(response.headers.get("vary")).toBe("Accept-Encoding");
    expect(gunzipSync(Buffer.from(await response.arrayBuffer())).toString()).toBe(script);
  });

  it("are sent as they are to a client that does not, and when too small to gain", async () => {
    const plain = await get("app.js");
    expect(plain.headers.get("content-encoding")).toBeNull();
    expect(await plain.text()).toBe(script);
    const tiny = await get("tiny.js", "gzip");
    expect(tiny.headers.get("content-encoding")).toBeNull();
    expect(await tiny.text()).toBe("1;");
  });
});
