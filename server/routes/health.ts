import { Hono } from "hono";
import type { DatabaseHandle } from "../db/client.js";

export function healthRoutes(database: DatabaseHandle) {
  return new Hono()
    .get("/healthz", (c) => c.json({ status: "ok" }))
    .get("/readyz", async (c) => {
      try {
        await database.ping();
        return c.json({ status: "ready", database: database.kind });
      } catch {
        return c.json({ status: "unavailable", database: database.kind }, 503);
      }
    });
}
