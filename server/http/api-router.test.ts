import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import * as z from "zod/mini";
import type { Auth } from "../auth.js";
import type { DatabaseHandle } from "../db/client.js";
import { AppError } from "../errors.js";
import { ApiRouter } from "./api-router.js";

/** A router whose routes need no session (the session guards are tested through the app). */
function router(env: string) {
  const api = new ApiRouter("/t", { auth: {} as Auth, database: {} as DatabaseHandle, config: { publicUrl: "http://localhost", env } });
  api
    .on({ method: "get", path: "/drifts", summary: "answers outside its contract", auth: "none", response: z.object({ cents: z.number() }) }, (c) =>
      c.json({ cents: "12.50" }),
    )
    .on(
      { method: "get", path: "/month/:month", summary: "parses its path", auth: "none", params: z.object({ month: z.string().check(z.regex(/^\d{4}-\d{2}$/)) }), file: { contentType: "application/pdf", description: "a file" } },
      (c, { params }) => (params.month === "0000-00" ? c.json({ not: "a pdf" }) : c.body(params.month, 200, { "Content-Type": "application/pdf" })),
    )
    .on(
      { method: "post", path: "/echo", summary: "parses its body once", auth: "none", body: z.object({ name: z.string().check(z.trim(), z.minLength(1)) }), response: z.object({ name: z.string() }) },
      (c, { body }) => c.json({ name: body.name }),
    );
  const app = new Hono();
  app.onError((error, c) => (error instanceof AppError ? c.json({ error: { code: error.code } }, error.status as 400) : c.json({ error: { code: "INTERNAL" } }, 500)));
  app.route("/t", api.hono);
  return { api, app };
}

describe("ApiRouter", () => {
  it("under NODE_ENV=test, refuses an answer outside the declared response", async () => {
    const { app } = router("test");
    expect((await app.request("/t/drifts")).status).toBe(500);
    // Outside tests the answer goes out as the handler made it: the check costs a parse per answer.
    expect((await router("production").app.request("/t/drifts")).status).toBe(200);
  });

  it("hands the handler the body its declaration parsed, and refuses one that does not parse", async () => {
    const { app } = router("test");
    const post = (body: string) => app.request("/t/echo", { method: "POST", body, headers: { "Content-Type": "application/json" } });
    const good = await post(JSON.stringify({ name: "  Ada  " }));
    expect(good.status).toBe(200);
    expect(await good.json()).toEqual({ name: "Ada" });
    expect((await post(JSON.stringify({ name: "   " }))).status).toBe(400);
    expect((await post("{not json")).status).toBe(400);
  });

  it("hands the handler the path parameters its declaration parsed, and refuses one that does not parse", async () => {
    const { app } = router("test");
    const good = await app.request("/t/month/2026-10");
    expect(good.status).toBe(200);
    expect(await good.text()).toBe("2026-10");
    expect((await app.request("/t/month/2026-1")).status).toBe(400);
  });

  it("under NODE_ENV=test, refuses a file answered in another media type than declared", async () => {
    expect((await router("test").app.request("/t/month/0000-00")).status).toBe(500);
    expect((await router("production").app.request("/t/month/0000-00")).status).toBe(200);
  });

  it("keeps every declaration, with the path a client calls", () => {
    const { api } = router("test");
    expect(api.operations.map((op) => `${op.method} ${op.fullPath}`)).toEqual(["get /t/drifts", "get /t/month/:month", "post /t/echo"]);
  });
});
