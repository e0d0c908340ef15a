import { execFileSync, spawn } from "node:child_process";
import { once } from "node:events";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import http from "node:http";
import https from "node:https";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { freePorts } from "./free-port.js";

export const NGINX = "/usr/sbin/nginx";
export const hasNginx = existsSync(NGINX);

/**
 * Set to 1 to leave out the tests that run nginx on a machine without it. Ignored in CI, which
 * installs nginx (.ci/run); without it and without this, those tests fail saying how to get it.
 */
export const NGINX_OPT_OUT = "TERMVEST_SKIP_NGINX";
export const skipNginx = !hasNginx && process.env[NGINX_OPT_OUT] === "1" && !process.env.CI;

/** For a beforeAll: without nginx, every test of the block fails with this, saying how to get it. */
export function requireNginx(): void {
  if (!hasNginx) {
    throw new Error(`These tests run Debian's nginx, and ${NGINX} is missing: install it (sudo apt-get install -y nginx openssl), or set ${NGINX_OPT_OUT}=1 to skip them.`);
  }
}

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
      // Started as root, nginx runs its workers as nobody, who cannot enter the private temporary
      // folders the prefix lives in: a body past client_body_buffer_size, kept on disk there, got a 500.
      ...(process.getuid?.() === 0 ? ["user root;"] : []),
      `pid ${path.join(prefix, "nginx.pid")};`,
      `error_log ${path.join(prefix, "logs", "error.log")} warn;`,
      "worker_processes 1;",
      "events { worker_connections 256; }",
      "http {",
      `  access_log ${path.join(prefix, "logs", "access.log")};`,
      `  ${temp("client_body")} ${temp("proxy")} ${temp("fastcgi")} ${temp("uwsgi")} ${temp("scgi")}`,
      // What Debian's /etc/nginx/nginx.conf gives every site: gzip on, here with the types its
      // commented-out gzip_types line lists, so only the site's own `gzip off` keeps answers whole.
      "  gzip on;",
      "  gzip_types text/plain text/css application/json application/javascript text/xml application/xml application/xml+rss text/javascript;",
      `  include ${sitePath};`,
      "}",
      "",
    ].join("\n"),
  );
  return main;
}

/** One request as a stand-in app server read it, body and all. */
export interface Received {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  /** The address the request came from: nginx's own, 127.0.0.1. */
  from: string;
  bodyBytes: number;
}

export interface Upstream {
  port: number;
  /** Every request that reached this server, in order. */
  received: Received[];
  close(): Promise<void>;
}

/** 200 and `{"ok":true}`. */
function answerOk(_received: Received, response: http.ServerResponse): void {
  response.writeHead(200, { "Content-Type": "application/json" }).end('{"ok":true}');
}

/** A stand-in app server on 127.0.0.1 that records each request once it has read its body, then answers it with `answer`. */
export async function startUpstream(answer: (received: Received, response: http.ServerResponse) => void = answerOk): Promise<Upstream> {
  const received: Received[] = [];
  const server = http.createServer((request, response) => {
    let bodyBytes = 0;
    request.on("data", (chunk: Buffer) => (bodyBytes += chunk.length));
    request.on("end", () => {
      const entry = { method: request.method ?? "", url: request.url ?? "", headers: request.headers, from: request.socket.remoteAddress ?? "", bodyBytes };
      received.push(entry);
      answer(entry, response);
    });
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  return {
    port: (server.address() as net.AddressInfo).port,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

export interface RunningNginx {
  httpsPort: number;
  httpPort: number;
  /** nginx's error log so far (level warn and up). */
  errorLog(): string;
  stop(): Promise<void>;
}

/**
 * deploy/nginx.conf as renderNginx fills it in, run by Debian's nginx in the foreground in its own
 * temporary prefix, in front of the app servers on `upstreamPorts`; resolves once it listens.
 */
export async function startNginx(upstreamPorts: number[]): Promise<RunningNginx> {
  const prefix = mkdtempSync(path.join(os.tmpdir(), "termvest-nginx-"));
  const [httpsPort, httpPort] = (await freePorts(2)) as [number, number];
  const conf = renderNginx({ prefix, upstreamPorts, httpsPort, httpPort });
  const child = spawn(NGINX, ["-p", prefix, "-c", conf, "-g", "daemon off;"], { stdio: ["ignore", "ignore", "pipe"] });
  let stderr = "";
  child.stderr.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
  const errorLog = () => readFileSync(path.join(prefix, "logs", "error.log"), "utf8");
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = once(child, "exit");
      child.kill("SIGTERM");
      await exited;
    }
    rmSync(prefix, { recursive: true, force: true });
  };
  for (let attempt = 0; attempt < 100; attempt++) {
    if (child.exitCode !== null) break;
    if ((await accepts(httpsPort)) && (await accepts(httpPort))) return { httpsPort, httpPort, errorLog, stop };
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  await stop();
  throw new Error(`nginx did not start listening on ${httpsPort} and ${httpPort}: ${stderr}`);
}

function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net
      .connect(port, "127.0.0.1", () => {
        socket.end();
        resolve(true);
      })
      .on("error", () => resolve(false));
  });
}

export interface Call {
  method?: string;
  path: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
  /** Send the body without a length, in chunks, as it comes. */
  chunked?: boolean;
  /** Plain HTTP (nginx's port 80 listener) instead of TLS. */
  plain?: boolean;
  /** The client's own address, anywhere in 127.0.0.0/8. */
  from?: string;
}

export interface Reply {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** As it came, not decompressed. */
  body: string;
}

/** One request to nginx on `port` (TLS unless `plain`; its certificate is the test's own, self-signed), for Host localhost. */
export function send(port: number, call: Call): Promise<Reply> {
  const options: https.RequestOptions = {
    host: "127.0.0.1",
    port,
    method: call.method ?? "GET",
    path: call.path,
    localAddress: call.from,
    headers: { Host: "localhost", ...(call.chunked ? { "Transfer-Encoding": "chunked" } : {}), ...call.headers },
  };
  return new Promise((resolve, reject) => {
    const onResponse = (response: http.IncomingMessage) => {
      let text = "";
      response.setEncoding("latin1").on("data", (chunk: string) => (text += chunk));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: text }));
    };
    const request = call.plain ? http.request(options, onResponse) : https.request({ ...options, servername: "localhost", rejectUnauthorized: false }, onResponse);
    request.on("error", reject);
    if (call.chunked && call.body !== undefined) {
      request.write(call.body);
      request.end();
    } else request.end(call.body);
  });
}
