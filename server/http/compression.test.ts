import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { gunzipSync } from "node:zlib";
import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { acceptsGzip } from "./compression.js";
import { staticFiles } from "./static-files.js";

describe("acceptsGzip", () => {
  it("reads Accept-Encoding as browsers and tools send it", () => {
    expect(acceptsGzip("gzip, deflate, br")).toBe(true);
    expect(acceptsGzip("br;q=1.0, gzip;q=0.8")).toBe(true);
    expect(acceptsGzip("*")).toBe(true);
    expect(acceptsGzip(undefined)).toBe(false);
    expect(acceptsGzip("identity")).toBe(false);
    expect(acceptsGzip("gzip;q=0")).toBe(false);
    expect(acceptsGzip("*, gzip;q=0")).toBe(false);
  });
});

describe("static files", () => {
  const dir = mkdtempSync(path.join(tmpdir(), "termvest-static-"));
  const script = "console.log('termvest');\n".repeat(200);
  writeFileSync(path.join(dir, "app.js"), script);
  writeFileSync(path.join(dir, "tiny.js"), "1;");
  const app = new Hono().use("*", staticFiles(dir));
  const get = (file: string, encoding?: string) => app.request(`/${file}`, { headers: encoding ? { "Accept-Encoding": encoding } : {} });

  it("are sent gzipped, the same bytes once unzipped, to a client that takes gzip", async () => {
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
