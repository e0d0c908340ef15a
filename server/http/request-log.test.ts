import { Writable } from "node:stream";
import { Hono } from "hono";
import { requestId } from "hono/request-id";
import { describe, expect, it } from "vitest";
import { AppError } from "../errors.js";
import { createLogger } from "../logger.js";
import { currentRequestId } from "../request-id.js";
import { loggablePath, requestLog } from "./request-log.js";
import { securityHeaders } from "./security-headers.js";

/** The app's first layers (server/app.ts) in front of a few routes, its log lines collected. */
function app(lines: string[] = []) {
  const sink = new Writable({ write: (chunk, _encoding, done) => (lines.push(String(chunk)), done()) });
  const hono = new Hono();
  hono.use("*", requestId({ limitLength: 64 }), requestLog(createLogger("info", sink)), securityHeaders({ hsts: true }));
  // A refusal by a later layer, before any route runs.
  hono.use("/refused", () => {
    throw new AppError("CSRF_REJECTED", "refused");
  });
  hono.get("/json", (c) => c.json({ ok: true }));
  // A Response the handler made itself (pages, static files).
  hono.get("/raw", () => new Response("raw", { headers: { "Content-Type": "text/plain" } }));
  // Awaits first, so the id must survive the hop to another turn of the event loop.
  hono.get("/id", async (c) => {
    await new Promise((resolve) => setTimeout(resolve, 5));
    return c.json({ id: currentRequestId() });
  });
  hono.get("/fail", () => {
    throw new Error("boom");
  });
  hono.onError((error, c) => (error instanceof AppError ? c.json({ error: "refused" }, 403) : c.json({ error: "x" }, 500)));
  return hono;
}

const parsed = (lines: string[]) => lines.join("").trim().split("\n").map((line) => JSON.parse(line) as Record<string, unknown>);

describe("the security headers", () => {
  it("are on every response: JSON, a handler's own Response, an error, a refusal, an unknown path", async () => {
    const hono = app();
    for (const path of ["/json", "/raw", "/fail", "/refused", "/nowhere"]) {
      const response = await hono.request(path);
      expect(response.headers.get("content-security-policy"), path).toContain("frame-ancestors 'none'");
      expect(response.headers.get("content-security-policy"), path).toContain("script-src 'self'");
      expect(response.headers.get("x-content-type-options"), path).toBe("nosniff");
      expect(response.headers.get("x-frame-options"), path).toBe("DENY");
      expect(response.headers.get("strict-transport-security"), path).toContain("max-age=31536000");
      expect(response.headers.get("cross-origin-opener-policy"), path).toBe("same-origin");
      expect(response.headers.get("referrer-policy"), path).toBe("strict-origin-when-cross-origin");
      expect(response.headers.get("permissions-policy"), path).toBe("camera=(), microphone=(), geolocation=(), payment=()");
    }
    expect((await hono.request("/refused")).status).toBe(403);
  });

  it("leave HSTS out where there is no HTTPS", async () => {
    const hono = new Hono();
    hono.use("*", securityHeaders({ hsts: false }));
    hono.get("/", (c) => c.text("ok"));
    expect((await hono.request("/")).headers.get("strict-transport-security")).toBeNull();
  });
});

describe("the request log", () => {
  it("echoes the request id, makes one when none (or a malformed one) is sent, and carries it through the request", async () => {
    const hono = app();
    const given = await hono.request("/json", { headers: { "X-Request-Id": "abc-1" } });
    expect(given.headers.get("x-request-id")).toBe("abc-1");
    expect((await hono.request("/json")).headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    expect(await (await hono.request("/id", { headers: { "X-Request-Id": "abc-2" } })).json()).toEqual({ id: "abc-2" });
    for (const bad of ["x".repeat(65), "a b", "<script>"]) {
      expect((await hono.request("/json", { headers: { "X-Request-Id": bad } })).headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    }
  });

  it("logs one line per request once it is answered, a server error at error level, and never the query", async () => {
    const lines: string[] = [];
    const hono = app(lines);
    await hono.request("/json?secret=1", { headers: { "X-Request-Id": "abc-3" } });
    expect((await hono.request("/fail", { headers: { "X-Request-Id": "abc-4" } })).status).toBe(500);
    const [ok, failed] = parsed(lines);
    expect(ok).toMatchObject({ reqId: "abc-3", method: "GET", path: "/json", status: 200, msg: "request", level: 30 });
    expect(failed).toMatchObject({ reqId: "abc-4", path: "/fail", status: 500, msg: "request failed", level: 50 });
    expect(lines.join("")).not.toContain("secret");
  });

  it("shows a path decoded, with a reset token redacted however it is spelled", () => {
    expect(loggablePath("/reset-password/abc123?x=1")).toBe("/reset-password/[redacted]");
    expect(loggablePath("/reset%2Dpassword/abc123")).toBe("/reset-password/[redacted]");
    expect(loggablePath("/%E2%82%AC")).toBe("/€");
    expect(loggablePath("/%E2%82")).toBe("/%E2%82");
  });
});
