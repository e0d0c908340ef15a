/**
 * The yardstick: a bare Hono app on @hono/node-server answering `GET /` with "hello", nothing else.
 * Started as its own process by bench/api.ts, like the real server, so both pay the same Node.js
 * HTTP costs and share the cores with the load generator the same way. Given a file, it also
 * answers `GET /page` with that file's bytes as HTML compressed with the given coding (our home
 * page as the server sends it): what any server sending those bytes can do on this machine with
 * this load generator. `GET /text` sends as many bytes of plain ASCII text, uncompressed: autocannon
 * decodes every body into a string as UTF-8 text, which costs it far more for compressed bytes
 * than for ASCII, so the two show how much of the page's rate is the load generator's own limit
 * (decision 0046). Given a JSON file of response headers too, `GET /healthz` answers `/healthz`'s
 * body with those headers (our server's security headers and request id): what a server that sends
 * the headers the product requires can do with this load generator, which parses each header line
 * in JavaScript (decision 0046).
 *
 *   node --import tsx bench/lib/hello-server.ts <port> [compressed-page-file <br|gzip> [headers-json-file]]
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
  const text = new Uint8Array(page.byteLength).fill(0x61);
  app.get("/text", (c) => c.body(text, 200, { "Content-Type": "text/html; charset=UTF-8" }));
}
const headersFile = process.argv[5];
if (headersFile) {
  const headers = JSON.parse(readFileSync(headersFile, "utf8")) as Record<string, string>;
  app.get("/healthz", (c) => c.json({ status: "ok" }, 200, headers));
}

const server = serve({ fetch: app.fetch, port, hostname: "127.0.0.1" }, () => process.stdout.write("ready\n"));
process.on("SIGTERM", () => server.close(() => process.exit(0)));
