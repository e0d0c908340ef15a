import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { securityHeaders } from "./security-headers.js";

function app() {
  const hono = new Hono();
  hono.use("*", securityHeaders({ hsts: true }));
  hono.get("/json", (c) => c.json({ ok: true }));
  // A Response the handler made itself (pages, static files), and one whose header the handler set.
  hono.get("/raw", () => new Response("raw", { headers: { "Content-Type": "text/plain", "X-Frame-Options": "SAMEORIGIN" } }));
  hono.get("/fail", () => {
    throw new Error("boom");
  });
  hono.onError((_error, c) => c.json({ error: "x" }, 500));
  return hono;
}

function expectHeaders(response: Response) {
  expect(response.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
  expect(response.headers.get("x-content-type-options")).toBe("nosniff");
  expect(response.headers.get("strict-transport-security")).toContain("max-age=");
  expect(response.headers.get("cross-origin-opener-policy")).toBe("same-origin");
}

describe("securityHeaders", () => {
  it("are on every response served by Node.js: JSON, a handler's own Response, an error", async () => {
    const server = serve({ fetch: app().fetch, port: 0, hostname: "127.0.0.1" });
    await new Promise((resolve) => server.once("listening", resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      for (const path of ["/json", "/raw", "/fail"]) expectHeaders(await fetch(`${base}${path}`));
      // The handler's own answer for the same header wins, as when Hono's headers were set after it.
      expect((await fetch(`${base}/raw`)).headers.get("x-frame-options")).toBe("SAMEORIGIN");
      expect(await (await fetch(`${base}/json`)).json()).toEqual({ ok: true });
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it("are on every response without a Node.js response under it (app.request)", async () => {
    for (const path of ["/json", "/raw", "/fail"]) expectHeaders(await app().request(path));
    expect((await app().request("/raw")).headers.get("x-frame-options")).toBe("SAMEORIGIN");
  });
});
