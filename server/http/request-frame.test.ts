import type { AddressInfo } from "node:net";
import { Writable } from "node:stream";
import { serve } from "@hono/node-server";
import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { createLogger } from "../logger.js";
import { requestFrame } from "./request-frame.js";

function app(lines: string[]) {
  const sink = new Writable({ write: (chunk, _encoding, done) => (lines.push(String(chunk)), done()) });
  const hono = new Hono();
  hono.use("*", requestFrame(createLogger("info", sink), []));
  hono.get("/json", (c) => c.json({ ok: true }));
  return hono;
}

describe("requestFrame", () => {
  it("echoes the request id on Node.js and under app.request, and logs it", async () => {
    const lines: string[] = [];
    const hono = app(lines);
    const server = serve({ fetch: hono.fetch, port: 0, hostname: "127.0.0.1" });
    await new Promise((resolve) => server.once("listening", resolve));
    try {
      const viaNode = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/json`, { headers: { "X-Request-Id": "abc-1" } });
      expect(viaNode.headers.get("x-request-id")).toBe("abc-1");
      expect(await viaNode.json()).toEqual({ ok: true });
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
    const inProcess = await hono.request("/json", { headers: { "X-Request-Id": "abc-2" } });
    expect(inProcess.headers.get("x-request-id")).toBe("abc-2");
    const made = (await hono.request("/json")).headers.get("x-request-id");
    expect(made).toMatch(/^[0-9a-f-]{36}$/);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(lines.join("")).toContain('"reqId":"abc-1"');
  });
});
