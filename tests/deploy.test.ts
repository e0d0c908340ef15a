import { execFileSync, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import type http from "node:http";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { IDENTITY_FILE_MAX_BYTES } from "#shared/schemas/verification.js";
import { MAX_BODY_BYTES } from "#server/http/request-guards.js";
import { MULTIPART_OVERHEAD_BYTES } from "#server/http/upload-body.js";
import { NGINX, renderNginx, requireNginx, send, skipNginx, startNginx, startUpstream, type Call, type Received, type RunningNginx, type Upstream } from "./helpers/nginx.js";

/** What the stand-in app servers answer: long enough for nginx to compress (more than 20 bytes), and it would compress well. */
const ANSWER = "Termvest answers in plain text. ".repeat(64);

/** 200 and ANSWER, as the type the request's `?type=` names (text/plain without one). */
function answer(received: Received, response: http.ServerResponse): void {
  const type = new URL(received.url, "http://upstream").searchParams.get("type") ?? "text/plain";
  response.writeHead(200, { "Content-Type": type, "Content-Length": Buffer.byteLength(ANSWER) }).end(ANSWER);
}

/** An app server that reads the request, then drops the connection without answering. */
function drop(_received: Received, response: http.ServerResponse): void {
  response.socket?.destroy();
}

/** Runs `test` against nginx in front of `ports` (app servers, or ports nothing listens on), then stops it and `servers`. */
async function behind(ports: number[], servers: Upstream[], test: (nginx: RunningNginx) => Promise<void>): Promise<void> {
  const nginx = await startNginx(ports);
  try {
    await test(nginx);
  } finally {
    await nginx.stop();
    await Promise.all(servers.map((server) => server.close()));
  }
}

const json = { "Content-Type": "application/json" };

// Skipped only when asked to on a machine without nginx (TERMVEST_SKIP_NGINX=1), never in CI.
describe.skipIf(skipNginx)("deploy/nginx.conf", () => {
  beforeAll(requireNginx);

  it("passes nginx -t as shipped, with only its placeholders filled in", () => {
    const prefix = mkdtempSync(path.join(os.tmpdir(), "termvest-nginx-"));
    try {
      const main = renderNginx({ prefix, upstreamPorts: [3301, 3302, 3303], httpsPort: 3304, httpPort: 3305 });
      const check = spawnSync(NGINX, ["-t", "-p", prefix, "-c", main], { encoding: "utf8" });
      expect(check.stderr).toContain("syntax is ok");
      expect(check.stderr).toContain("test is successful");
      expect(check.status).toBe(0);
    } finally {
      rmSync(prefix, { recursive: true, force: true });
    }
  });

  describe("in front of three app servers", () => {
    const servers: Upstream[] = [];
    let nginx: RunningNginx | undefined;
    const through = (call: Call) => send(nginx!.httpsPort, call);
    /** Every request the app servers read since the test began. */
    const reached = () => servers.flatMap((server) => server.received);
    const one = (url: string) => {
      const found = reached().filter((request) => request.url === url);
      expect(found, `${url} reached an app server once`).toHaveLength(1);
      return found[0]!;
    };

    beforeAll(async () => {
      servers.push(...(await Promise.all([1, 2, 3].map(() => startUpstream(answer)))));
      nginx = await startNginx(servers.map((server) => server.port));
    });

    afterAll(async () => {
      await nginx?.stop();
      await Promise.all(servers.map((server) => server.close()));
    });

    beforeEach(() => {
      for (const server of servers) server.received.length = 0;
    });

    it("refuses a body over the app's limit itself (413), with a length or without; one at the limit reaches an app server whole", async () => {
      for (const chunked of [false, true]) {
        for (const server of servers) server.received.length = 0;
        const over = await through({ method: "POST", path: "/api/contact?over", headers: json, body: Buffer.alloc(MAX_BODY_BYTES + 1, "a"), chunked });
        expect(over.status, `${MAX_BODY_BYTES + 1} bytes, chunked: ${chunked}`).toBe(413);
        expect(reached()).toEqual([]);

        const atLimit = await through({ method: "POST", path: `/api/contact?chunked=${chunked}`, headers: json, body: Buffer.alloc(MAX_BODY_BYTES, "a"), chunked });
        expect(atLimit.status, `${MAX_BODY_BYTES} bytes, chunked: ${chunked}`).toBe(200);
        expect(one(`/api/contact?chunked=${chunked}`).bodyBytes).toBe(MAX_BODY_BYTES);
      }
    });

    it("takes an identity file up to the app's own limit on its one upload route, passed on as it arrives, never kept on disk", async () => {
      const limit = IDENTITY_FILE_MAX_BYTES + MULTIPART_OVERHEAD_BYTES;
      const multipart = { "Content-Type": "multipart/form-data; boundary=x" };
      for (const chunked of [false, true]) {
        const path = `/api/me/verification/documents?chunked=${chunked}`;
        const atLimit = await through({ method: "POST", path, headers: multipart, body: Buffer.alloc(limit, "a"), chunked });
        expect(atLimit.status, `${limit} bytes, chunked: ${chunked}`).toBe(200);
        expect(one(path).bodyBytes).toBe(limit);
      }
      const over = await through({ method: "POST", path: "/api/me/verification/documents?over", headers: multipart, body: Buffer.alloc(limit + 1, "a") });
      expect(over.status).toBe(413);
      expect(reached().filter((request) => request.url.endsWith("?over"))).toEqual([]);
      // Every other route keeps the 64 KB limit, a path beside the upload's too.
      const beside = await through({ method: "POST", path: "/api/me/verification/documents/x", headers: multipart, body: Buffer.alloc(MAX_BODY_BYTES + 1, "a") });
      expect(beside.status).toBe(413);
      const spooled = nginx!.errorLog().split("\n").filter((line) => line.includes("buffered to a temporary file"));
      expect(spooled.filter((line) => line.includes("/api/me/verification/documents"))).toEqual([]);
    });

    it("tells the app servers the client's address as the last X-Forwarded-For hop, and that it came over https", async () => {
      await through({ path: "/api/session?direct", from: "127.0.0.2" });
      await through({ path: "/api/session?forged", from: "127.0.0.3", headers: { "X-Forwarded-For": "198.51.100.7" } });

      const direct = one("/api/session?direct");
      expect(direct.from).toBe("127.0.0.1"); // nginx's own address: only the header says who asked
      expect(direct.headers["x-forwarded-for"]).toBe("127.0.0.2");
      expect(direct.headers["x-forwarded-proto"]).toBe("https");
      expect(direct.headers.host).toBe("localhost");
      // What a client writes itself stays in front; the app trusts only the last hop (TRUST_PROXY=1).
      expect(one("/api/session?forged").headers["x-forwarded-for"]).toBe("198.51.100.7, 127.0.0.3");
    });

    it("answers GET /metrics with 404 itself, token or not; the app servers never see it", async () => {
      expect((await through({ path: "/metrics" })).status).toBe(404);
      expect((await through({ path: "/metrics", headers: { Authorization: "Bearer metrics-token" } })).status).toBe(404);
      expect(reached()).toEqual([]);
    });

    it("passes answers on uncompressed to a client that accepts gzip", async () => {
      for (const type of ["text/plain", "text/html", "application/json"]) {
        const reply = await through({ path: `/?type=${encodeURIComponent(type)}`, headers: { "Accept-Encoding": "gzip" } });
        expect(reply.status).toBe(200);
        expect(reply.headers["content-encoding"], type).toBeUndefined();
        expect(reply.body).toBe(ANSWER);
      }
    });

    it("spreads one client's requests round-robin over every app server, with no stickiness", async () => {
      for (let n = 0; n < 9; n++) expect((await through({ path: `/api/plans?n=${n}` })).status).toBe(200);
      expect(servers.map((server) => server.received.length)).toEqual([3, 3, 3]);
    });

    it("redirects plain HTTP to the same address on https, without asking an app server", async () => {
      const reply = await send(nginx!.httpPort, { plain: true, path: "/invest?plan=growth" });
      expect(reply.status).toBe(301);
      expect(reply.headers.location).toBe("https://localhost/invest?plan=growth");
      expect(reached()).toEqual([]);
    });
  });

  describe("when app servers fail", () => {
    it("sends each GET on to a running server, and leaves a stopped one out after three refused connections", async () => {
      const [first, second, third] = await Promise.all([startUpstream(), startUpstream(), startUpstream()]);
      const running = [first!, second!];
      const stopped = third!.port;
      await behind([first!.port, second!.port, stopped], running, async (nginx) => {
        await third!.close(); // from now on its port refuses connections
        const statuses = [];
        for (let n = 0; n < 15; n++) statuses.push((await send(nginx.httpsPort, { path: `/api/plans?n=${n}` })).status);
        expect(statuses).toEqual(Array(15).fill(200));
        expect(first!.received.length + second!.received.length).toBe(15);
        // Round-robin reaches the stopped server every third request until max_fails=3 leaves it out.
        const refused = nginx.errorLog().split("\n").filter((line) => line.includes("Connection refused") && line.includes(`127.0.0.1:${stopped}`));
        expect(refused).toHaveLength(3);
      });
    });

    it("never resends a POST that reached a server that then failed; a GET is tried on one more", async () => {
      const failing = await Promise.all([startUpstream(drop), startUpstream(drop)]);
      await behind(
        failing.map((server) => server.port),
        failing,
        async (nginx) => {
          expect((await send(nginx.httpsPort, { method: "POST", path: "/api/transfers", headers: json, body: "{}" })).status).toBe(502);
          expect(failing.flatMap((server) => server.received).map((request) => request.method)).toEqual(["POST"]);

          for (const server of failing) server.received.length = 0;
          expect((await send(nginx.httpsPort, { path: "/api/plans" })).status).toBe(502);
          expect(failing.map((server) => server.received.length)).toEqual([1, 1]);
        },
      );
    });
  });
});

describe("deploy/termvest.service", () => {
  it.skipIf(!hasSystemdAnalyze())("passes systemd-analyze verify", () => {
    const check = spawnSync("systemd-analyze", ["verify", "deploy/termvest.service"], { encoding: "utf8" });
    // systemd-analyze reports an unknown key or a bad value as a warning and still exits 0: every
    // line counts, except a missing /usr/bin/node on a machine that keeps node elsewhere.
    const problems = check.stderr.split("\n").filter((line) => line.trim() && !/\/usr\/bin\/node is not executable/.test(line));
    expect(problems).toEqual([]);
  });
});

function hasSystemdAnalyze(): boolean {
  try {
    execFileSync("systemd-analyze", ["--version"], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
}
