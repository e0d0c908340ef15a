import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

export const NGINX = "/usr/sbin/nginx";
export const hasNginx = existsSync(NGINX);

export interface NginxSite {
  /** The ports of the app servers on 127.0.0.1, in place of the two in deploy/nginx.conf. */
  upstreamPorts: number[];
  httpsPort: number;
  httpPort: number;
  /** Where the instance keeps its pid, logs, temp files, certificate and configuration. */
  prefix: string;
}

/**
 * deploy/nginx.conf as shipped, with only its placeholders replaced (server name, certificate,
 * app servers, ports; no IPv6 listener), inside a main file that keeps every path in `prefix`, so
 * an unprivileged nginx can check and run it. Returns the main file's path.
 */
export function renderNginx(site: NginxSite): string {
  const { prefix } = site;
  mkdirSync(path.join(prefix, "logs"), { recursive: true });
  const cert = path.join(prefix, "cert.pem");
  const key = path.join(prefix, "key.pem");
  if (!existsSync(cert)) {
    execFileSync("openssl", ["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2", "-subj", "/CN=localhost", "-keyout", key, "-out", cert], { stdio: "ignore" });
  }
  const shipped = readFileSync("deploy/nginx.conf", "utf8");
  let upstreams = 0;
  const rendered = shipped
    .replace(/^ {4}server 127\.0\.0\.1:\d+ (.*)$/gm, (_line, options: string) => {
      upstreams++;
      return upstreams === 1 ? site.upstreamPorts.map((port) => `    server 127.0.0.1:${port} ${options}`).join("\n") : "";
    })
    .replace(/^\s*listen \[::\].*$/gm, "")
    .replace(/listen 443 /g, `listen 127.0.0.1:${site.httpsPort} `)
    .replace(/listen 80;/g, `listen 127.0.0.1:${site.httpPort};`)
    .replaceAll("termvest.example.com", "localhost")
    .replaceAll("/etc/ssl/termvest/fullchain.pem", cert)
    .replaceAll("/etc/ssl/termvest/privkey.pem", key);
  if (rendered === shipped || upstreams < 1) throw new Error("deploy/nginx.conf no longer has the placeholders the test replaces");
  const sitePath = path.join(prefix, "termvest-site.conf");
  writeFileSync(sitePath, rendered);
  const main = path.join(prefix, "nginx.conf");
  const temp = (name: string) => `${name}_temp_path ${path.join(prefix, `${name}-temp`)};`;
  writeFileSync(
    main,
    [
      `pid ${path.join(prefix, "nginx.pid")};`,
      `error_log ${path.join(prefix, "logs", "error.log")} warn;`,
      "worker_processes 1;",
      "events { worker_connections 256; }",
      "http {",
      `  access_log ${path.join(prefix, "logs", "access.log")};`,
      `  ${temp("client_body")} ${temp("proxy")} ${temp("fastcgi")} ${temp("uwsgi")} ${temp("scgi")}`,
      `  include ${sitePath};`,
      "}",
      "",
    ].join("\n"),
  );
  return main;
}
