import { execFileSync, spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { MAX_BODY_BYTES } from "#server/http/request-guards.js";
import { hasNginx, NGINX, renderNginx } from "./helpers/nginx.js";

const prefix = mkdtempSync(path.join(os.tmpdir(), "termvest-nginx-"));
afterAll(() => rmSync(prefix, { recursive: true, force: true }));

describe("deploy/", () => {
  it.skipIf(!hasNginx)("nginx.conf passes nginx -t as shipped, with only its placeholders filled in", () => {
    const main = renderNginx({ prefix, upstreamPorts: [3301, 3302, 3303], httpsPort: 3304, httpPort: 3305 });
    const site = readFileSync(path.join(prefix, "termvest-site.conf"), "utf8");
    expect(site).toContain("server 127.0.0.1:3303 max_fails=3");
    expect(site).not.toContain("ip_hash");
    const check = spawnSync(NGINX, ["-t", "-p", prefix, "-c", main], { encoding: "utf8" });
    expect(check.stderr).toContain("syntax is ok");
    expect(check.stderr).toContain("test is successful");
    expect(check.status).toBe(0);
  });

  it("nginx.conf limits bodies like the app, forwards the client's address and scheme, and keeps /metrics off the proxy", () => {
    const conf = readFileSync("deploy/nginx.conf", "utf8");
    expect(conf).toContain(`client_max_body_size ${MAX_BODY_BYTES / 1024}k;`);
    expect(conf).toContain("proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;");
    expect(conf).toContain("proxy_set_header X-Forwarded-Proto $scheme;");
    expect(conf).toMatch(/location = \/metrics \{\s*return 404;/);
    expect(conf).toContain("gzip off;");
  });

  it.skipIf(!hasSystemdAnalyze())("termvest.service passes systemd-analyze verify", () => {
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
