import type { HttpBindings } from "@hono/node-server";
import type { Context } from "hono";

/**
 * What a request whose client went away is answered with, as nginx logs it ("client closed
 * request"): never sent, but it is what the request log and the metrics count instead of a 500.
 */
export const CLIENT_CLOSED_REQUEST = 499;

/**
 * Whether the client closed its connection before its request had arrived whole (a tab closed
 * during an upload, a dropped mobile connection): reading the body then fails with Node's
 * "aborted", and nothing of ours failed. Read from the Node request that @hono/node-server hands
 * every request (its documented `HttpBindings`); false where there is none (`app.request` in tests).
 */
export function clientWentAway(c: Context): boolean {
  const incoming = (c.env as Partial<HttpBindings> | undefined)?.incoming;
  return incoming !== undefined && !incoming.complete && (incoming.readableAborted || incoming.destroyed);
}
