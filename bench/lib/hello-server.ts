/**
 * The yardstick: a bare Hono app on @hono/node-server answering `GET /` with "hello", nothing else.
 * Started as its own process by bench/api.ts, like the real server, so both pay the same Node.js
 * HTTP costs and share the cores with the load generator the same way.
 *
 *   node --import tsx bench/lib/hello-server.ts <port>
 */
import { serve } from "@hono/node-server";
import { Hono } from "hono";

const port = Number(process.argv[2]);
if (!Number.isInteger(port) || port <= 0) throw new Error("usage: hello-server.ts <port>");

const app = new Hono();
app.get("/", (c) => c.text("hello"));

const server = serve({ fetch: app.fetch, port, hostname: "127.0.0.1" }, () => process.stdout.write("ready\n"));
process.on("SIGTERM", () => server.close(() => process.exit(0)));
