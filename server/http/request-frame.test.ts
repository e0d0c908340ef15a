import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { Writable } from "node:stream";
import { getRequestListener } from "@hono/node-server";
import { Hono } from "hono";
import { afterEach, describe, expect, it } from "vitest";
import { createLogger } from "../logger.js";
import { currentRequestId } from "./request-context.js";
import { createFramedServer, loggablePath } from "./request-frame.js";

const servers: Server[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) await new Promise((resolve) => server.close(resolve));
});

/** A Hono app behind the request frame on a real Node.js server, its log lines collected. */
async function serveFramed(lines: string[]) {
  const sink = new Writable({ write: (chunk, _encoding, done) => (lines.push(String(chunk)), done()) });
  const hono = new Hono();
  hono.get("/json", (c) => c.json({ ok: true }));
  // Awaits first, so the id must survive the hop to another turn of the event loop.
  hono.get("/id", async (c) => {
    await new Promise((resolve) => setTimeout(resolve, 5));
    return c.json({ id: currentRequestId() });
  });
  hono.get("/fail", () => {
    throw new Error("boom");
  });
  const server = createFramedServer(createLogger("info", sink), [], getRequestListener(hono.fetch));
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 50));
const parsed = (lines: string[]) => lines.join("").trim().split("\n").map((line) => JSON.parse(line) as Record<string, unknown>);

describe("requestFrame", () => {
  it("echoes the request id, makes one when none is sent, and carries it through the request", async () => {
    const lines: string[] = [];
    const base = await serveFramed(lines);
    const given = await fetch(`${base}/json`, { headers: { "X-Request-Id": "abc-1" } });
    expect(given.headers.get("x-request-id")).toBe("abc-1");
    expect(await given.json()).toEqual({ ok: true });
    const made = (await fetch(`${base}/json`)).headers.get("x-request-id");
    expect(made).toMatch(/^[0-9a-f-]{36}$/);
    const carried = await fetch(`${base}/id`, { headers: { "X-Request-Id": "abc-2" } });
    expect(await carried.json()).toEqual({ id: "abc-2" });
    const long = await fetch(`${base}/json`, { headers: { "X-Request-Id": "x".repeat(100) } });
    expect(long.headers.get("x-request-id")).toBe("x".repeat(64));
  });

  it("logs one line per request once it is answered, and a server error at error level", async () => {
    const lines: string[] = [];
    const base = await serveFramed(lines);
    await fetch(`${base}/json?secret=1`, { headers: { "X-Request-Id": "abc-3" } });
    expect((await fetch(`${base}/fail`, { headers: { "X-Request-Id": "abc-4" } })).status).toBe(500);
    await settle();
    const [ok, failed] = parsed(lines);
    expect(ok).toMatchObject({ reqId: "abc-3", method: "GET", path: "/json", status: 200, msg: "request", level: 30 });
    expect(failed).toMatchObject({ reqId: "abc-4", path: "/fail", status: 500, msg: "request failed", level: 50 });
    expect(lines.join("")).not.toContain("secret");
  });
});

describe("the frame's headers", () => {
  const headers = [
    ["X-Frame-Options", "DENY"],
    ["X-Content-Type-Options", "nosniff"],
  ] as const;

  /** Each path writes its head another way Node.js allows; the app's X-Frame-Options is SAMEORIGIN. */
  async function serveRaw() {
    const quiet = createLogger("info", new Writable({ write: (_chunk, _encoding, done) => done() }));
    const server = createFramedServer(quiet, headers, async (incoming, outgoing) => {
      switch (incoming.url) {
        case "/implicit":
          outgoing.end("x");
          return;
        case "/object":
          outgoing.writeHead(200, { "x-frame-options": "SAMEORIGIN", "content-type": "text/plain" }).end("x");
          return;
        case "/progressive":
          outgoing.setHeader("X-Frame-Options", "SAMEORIGIN");
          outgoing.writeHead(200, { "Content-Type": "text/plain" }).end("x");
          return;
        case "/reason":
          outgoing.writeHead(201, "Made", { "X-Frame-Options": "SAMEORIGIN" }).end("x");
          return;
        case "/list":
          outgoing.writeHead(200, ["X-Frame-Options", "SAMEORIGIN", "Content-Type", "text/plain"]).end("x");
          return;
        case "/own-id":
          outgoing.writeHead(200, { "X-Request-Id": "mine" }).end("x");
          return;
      }
    });
    servers.push(server);
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  }

  it("join the head however the app writes it, once each, and a header the app sets wins", async () => {
    const base = await serveRaw();
    const implicit = await fetch(`${base}/implicit`, { headers: { "X-Request-Id": "r-1" } });
    expect(implicit.headers.get("x-frame-options")).toBe("DENY");
    expect(implicit.headers.get("x-content-type-options")).toBe("nosniff");
    expect(implicit.headers.get("x-request-id")).toBe("r-1");
    for (const path of ["/object", "/progressive", "/reason", "/list"]) {
      const response = await fetch(`${base}${path}`, { headers: { "X-Request-Id": "r-2" } });
      // A second X-Frame-Options would read "DENY, SAMEORIGIN" here.
      expect([path, response.headers.get("x-frame-options")]).toEqual([path, "SAMEORIGIN"]);
      expect([path, response.headers.get("x-content-type-options")]).toEqual([path, "nosniff"]);
      expect([path, response.headers.get("x-request-id")]).toEqual([path, "r-2"]);
    }
    const reason = await fetch(`${base}/reason`);
    expect([reason.status, reason.statusText]).toEqual([201, "Made"]);
    expect((await fetch(`${base}/own-id`, { headers: { "X-Request-Id": "r-3" } })).headers.get("x-request-id")).toBe("mine");
  });
});

describe("loggablePath", () => {
  it("drops the query and redacts reset tokens, however the path spells them", () => {
    expect(loggablePath("/api/plans?x=1")).toBe("/api/plans");
    expect(loggablePath("/api/auth/reset-password/tok123?callbackURL=/x")).toBe("/api/auth/reset-password/[redacted]");
    // Hono decodes %-escapes before routing, so this spelling reaches the same route.
    expect(loggablePath("/api/auth/reset%2Dpassword/tok123")).toBe("/api/auth/reset-password/[redacted]");
    expect(loggablePath("/api/auth/RESET-PASSWORD/tok123")).toBe("/api/auth/RESET-PASSWORD/[redacted]");
    expect(loggablePath("/bad%E0%A4%A")).toBe("/bad%E0%A4%A");
  });
});
