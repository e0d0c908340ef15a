/**
 * The yardstick: a bare Hono app on @hono/node-server answering `GET /` with "hello", nothing else.
 * Started as its own process by bench/api.ts, like the real server, so both pay the same Node.js
 * HTTP costs and share the cores with the load generator the same way. Given a file, it also
 * answers `GET /page` with that file's bytes as HTML compressed with the given coding (our home
 * page as the server sends it): what any server sending those bytes can do on this machine with
 * this load generator.
 *
 *   node --import tsx bench/lib/hello-server.ts <port> [compressed-page-file <br|gzip>]
 */
import { readFileSync } from "node:fs";
import { serve } from "@hono/node-server";
import { Hono } from "hono";

const port = Number(process.argv[2]);
if (!Number.isInteger(port) || port <= 0) throw new Error("usage: hello-server.ts <port>");

const app = new Hono();
app.get("/", (c) => c.text("hello"));
const pageFile = process.argv[3];
if (pageFile) {
  const page = new Uint8Array(readFileSync(pageFile));
  const encoding = process.argv[4] ?? "gzip";
  app.get("/page", (c) => c.body(page, 200, { "Content-Type": "text/html; charset=UTF-8", "Content-Encoding": encoding }));
}

const server = serve({ fetch: app.fetch, port, hostname: "127.0.0.1" }, () => process.stdout.write("ready\n"));
process.on("SIGTERM", () => server.close(() => process.exit(0)));
