import { Hono } from "hono";
import type { AppDeps } from "../app.js";
import { toPublicSite } from "../site.js";
import { listActivePlans } from "../services/plans/list-active-plans.js";

export function publicRoutes({ config, database }: AppDeps) {
  return new Hono()
    .get("/site", (c) => c.json(toPublicSite(config.site)))
    .get("/plans", async (c) => c.json({ plans: await listActivePlans(database.db) }));
}
