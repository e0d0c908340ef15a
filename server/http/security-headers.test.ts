import type { AddressInfo } from "node:net";
import { Writable } from "node:stream";
import { getRequestListener } from "@hono/node-server";
import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { AppError } from "../errors.js";
import { createLogger } from "../logger.js";
import { oneLayer } from "./one-layer.js";
import { createFramedServer } from "./request-frame.js";
import { securityHeaderList } from "./security-headers.js";

function app() {
  const hono = new Hono();
  const quiet = createLogger("info", new Writable({ write: (_chunk, _encoding, done) => done() }));
  // A refusal by a later layer, before any route runs.
  hono.use(
    "/refused",
    oneLayer(() => {
      throw new AppError("CSRF_REJECTED", "refused");
    }),
  );
  hono.get("/json", (c) => c.json({ ok: true }));
  // A Response the handler made itself (pages, static files), and one whose header the handler set.
  hono.get("/raw", () => new Response("raw", { headers: { "Content-Type": "text/plain", "X-Frame-Options": "SAMEORIGIN" } }));
  hono.get("/fail", () => {
    throw new Error("boom");
  });
  hono.onError((error, c) => (error instanceof AppError ? c.json({ error: "refused" }, 403) : c.json({ error: "x" }, 500)));
  return createFramedServer(quiet, securityHeaderList({ hsts: true }), getRequestListener(hono.fetch));
}

const PATHS = ["/json", "/raw", "/fail", "/refused"];

function expectHeaders(response: Response) {
  expect(response.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
  expect(response.headers.get("x-content-type-options")).toBe("nosniff");
  expect(response.headers.get("strict-transport-security")).toContain("max-age=");
  expect(response.headers.get("cross-origin-opener-policy")).toBe("same-origin");
}

describe("security headers, set by the request frame", () => {
  it("are on every response: JSON, a handler's own Response, an error, a refusal", async () => {
    const server = app();
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      for (const path of PATHS) expectHeaders(await fetch(`${base}${path}`));
      expect((await fetch(`${base}/refused`)).status).toBe(403);
      // The handler's own answer for the same header wins, as when Hono's headers were set after it.
      expect((await fetch(`${base}/raw`)).headers.get("x-frame-options")).toBe("SAMEORIGIN");
      expect(await (await fetch(`${base}/json`)).json()).toEqual({ ok: true });
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
