import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { requireNginx, send, skipNginx, startNginx, startUpstream, type RunningNginx, type Upstream } from "./helpers/nginx.js";

/**
 * deploy/nginx.conf as shipped, run by Debian's nginx in front of a stand-in app server that counts
 * what reaches it: requests to /api/auth/ past the per-address limit are answered by nginx (429, in
 * the app's error shape) and never reach an app server; every other path is not limited.
 */
let upstream: Upstream | undefined;
let nginx: RunningNginx | undefined;
const reached = () => upstream!.received.map((request) => request.url);
const post = (path: string, body: string) => send(nginx!.httpsPort, { method: "POST", path, body, headers: { "Content-Type": "application/json" } });

// Skipped only when asked to on a machine without nginx (TERMVEST_SKIP_NGINX=1), never in CI.
describe.skipIf(skipNginx)("deploy/nginx.conf in front of the app servers", () => {
  beforeAll(async () => {
    requireNginx();
    upstream = await startUpstream();
    nginx = await startNginx([upstream.port]);
  });

  afterAll(async () => {
    await nginx?.stop();
    await upstream?.close();
  });

  it("answers /api/auth/ past 20 at once from one address itself, in the app's error shape, and the app never sees those", async () => {
    upstream!.received.length = 0;
    const answers = await Promise.all(Array.from({ length: 40 }, () => post("/api/auth/sign-in/email", '{"email":"a@example.com","password":"x"}')));
    const passed = answers.filter((answer) => answer.status === 200);
    const refused = answers.filter((answer) => answer.status === 429);
    expect(passed.length + refused.length).toBe(40);
    // The burst of 20, the one the rate allows at once, and at most a couple more as it refills.
    expect(passed.length).toBeGreaterThanOrEqual(21);
    expect(passed.length).toBeLessThanOrEqual(24);
    expect(reached().filter((url) => url.startsWith("/api/auth/"))).toHaveLength(passed.length);
    const [first] = refused;
    expect(JSON.parse(first!.body)).toEqual({ error: { code: "RATE_LIMITED", message: expect.stringMatching(/wait a moment/) } });
    expect(first!.headers["content-type"]).toBe("application/json");
    expect(first!.headers["retry-after"]).toBe("1");
    expect(first!.headers["x-content-type-options"]).toBe("nosniff");

    // The limit refills at five a second.
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    expect((await post("/api/auth/sign-in/email", "{}")).status).toBe(200);
  });

  it("does not limit any other path", async () => {
    upstream!.received.length = 0;
    const answers = await Promise.all(Array.from({ length: 60 }, () => send(nginx!.httpsPort, { path: "/api/plans" })));
    expect(answers.every((answer) => answer.status === 200)).toBe(true);
    expect(reached()).toHaveLength(60);
  });
});
