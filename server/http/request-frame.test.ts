import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { Writable } from "node:stream";
import { getRequestListener } from "@hono/node-server";
import { Hono } from "hono";
import { afterEach, describe, expect, it } from "vitest";
import { createLogger } from "../logger.js";
import { currentRequestId } from "./request-context.js";
import { loggablePath, requestFrame } from "./request-frame.js";

const servers: Array<ReturnType<typeof createServer>> = [];
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
  const server = createServer(requestFrame(createLogger("info", sink), [])(getRequestListener(hono.fetch)));
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
