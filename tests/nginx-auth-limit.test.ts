import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import http from "node:http";
import https from "node:https";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hasNginx, NGINX, renderNginx } from "./helpers/nginx.js";
import { freePort } from "./helpers/test-server.js";

/**
 * deploy/nginx.conf as shipped, run by Debian's nginx in front of a stand-in app server that counts
 * what reaches it: requests to /api/auth/ past the per-address limit are answered by nginx (429, in
 * the app's error shape) and never reach an app server; every other path is not limited.
 */
const prefix = mkdtempSync(path.join(os.tmpdir(), "termvest-nginx-limit-"));
const reached: string[] = [];
let upstream: http.Server;
let nginx: ChildProcess | undefined;
let httpsPort = 0;

beforeAll(async () => {
  if (!hasNginx && !process.env.CI) return;
  upstream = http.createServer((request, response) => {
    reached.push(request.url ?? "");
    request.resume();
    request.on("end", () => response.writeHead(200, { "Content-Type": "application/json" }).end('{"ok":true}'));
  });
  const upstreamPort = await freePort();
  await new Promise<void>((resolve) => upstream.listen(upstreamPort, "127.0.0.1", resolve));
  httpsPort = await freePort();
  const conf = renderNginx({ prefix, upstreamPorts: [upstreamPort], httpsPort, httpPort: await freePort() });
  nginx = spawn(NGINX, ["-p", prefix, "-c", conf, "-g", "daemon off;"], { stdio: "ignore" });
  await listening(httpsPort);
});

afterAll(async () => {
  nginx?.kill("SIGTERM");
  await new Promise<void>((resolve) => (upstream ? upstream.close(() => resolve()) : resolve()));
  rmSync(prefix, { recursive: true, force: true });
});

async function listening(port: number): Promise<void> {
  for (let attempt = 0; attempt < 100; attempt++) {
    const open = await new Promise<boolean>((resolve) => {
      const socket = net
        .connect(port, "127.0.0.1", () => {
          socket.end();
          resolve(true);
        })
        .on("error", () => resolve(false));
    });
    if (open) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`nginx did not listen on ${port}`);
}

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** One request through nginx's TLS listener (its certificate is the test's own, self-signed). */
function send(method: string, pathname: string, body?: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = https.request({ host: "127.0.0.1", port: httpsPort, method, path: pathname, servername: "localhost", rejectUnauthorized: false, headers: body ? { "Content-Type": "application/json" } : {} }, (response) => {
      let text = "";
      response.setEncoding("utf8").on("data", (chunk: string) => (text += chunk));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: text }));
    });
    request.on("error", reject);
    request.end(body);
  });
}

// Skipped only on a machine without nginx, never in CI (.ci/run installs it).
describe.skipIf(!hasNginx && !process.env.CI)("deploy/nginx.conf in front of the app servers", () => {
  it("answers /api/auth/ past 20 at once from one address itself, in the app's error shape, and the app never sees those", async () => {
    reached.length = 0;
    const answers = await Promise.all(Array.from({ length: 40 }, () => send("POST", "/api/auth/sign-in/email", '{"email":"a@example.com","password":"x"}')));
    const passed = answers.filter((answer) => answer.status === 200);
    const refused = answers.filter((answer) => answer.status === 429);
    expect(passed.length + refused.length).toBe(40);
    // The burst of 20, the one the rate allows at once, and at most a couple more as it refills.
    expect(passed.length).toBeGreaterThanOrEqual(21);
    expect(passed.length).toBeLessThanOrEqual(24);
    expect(reached.filter((url) => url.startsWith("/api/auth/"))).toHaveLength(passed.length);
    const [first] = refused;
    expect(JSON.parse(first!.body)).toEqual({ error: { code: "RATE_LIMITED", message: expect.stringMatching(/wait a moment/) } });
    expect(first!.headers["content-type"]).toBe("application/json");
    expect(first!.headers["retry-after"]).toBe("1");
    expect(first!.headers["x-content-type-options"]).toBe("nosniff");

    // The limit refills at five a second.
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    expect((await send("POST", "/api/auth/sign-in/email", "{}")).status).toBe(200);
  });

  it("does not limit any other path", async () => {
    reached.length = 0;
    const answers = await Promise.all(Array.from({ length: 60 }, () => send("GET", "/api/plans")));
    expect(answers.every((answer) => answer.status === 200)).toBe(true);
    expect(reached).toHaveLength(60);
  });
});
