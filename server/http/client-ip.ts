import { getConnInfo } from "@hono/node-server/conninfo";
import type { Context } from "hono";

/**
 * The address rate limits are counted against. Behind a trusted reverse proxy it is the last
 * X-Forwarded-For hop (the one our proxy appended); otherwise the TCP peer.
 */
export function clientIp(c: Context, trustProxy: boolean): string | undefined {
  if (trustProxy) {
    const hops = c.req.header("x-forwarded-for")?.split(",").map((hop) => hop.trim()).filter(Boolean);
    if (hops?.length) return hops[hops.length - 1];
  }
  try {
    return getConnInfo(c).remote.address;
  } catch {
    return undefined;
  }
}
