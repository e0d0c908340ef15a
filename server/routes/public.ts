import { Hono } from "hono";
import type { AppDeps } from "../app.js";
import { openApiDocument } from "../http/openapi.js";
import type { AppEnv } from "../http/session.js";
import { recentPublicDeposits } from "../services/deposits/recent-public-deposits.js";
import { listActivePlans } from "../services/plans/list-active-plans.js";
import { publicStats } from "../services/stats/public-stats.js";
import { toPublicSite } from "../site.js";

/** What anyone may read: the site's settings, plans, live counts, recent deposits and the API's description. Mounted at /api. */
export function publicRoutes({ config, database, auth }: AppDeps) {
  const openApi = { public: openApiDocument(config.publicUrl, "public"), admin: openApiDocument(config.publicUrl, "admin") };
  return new Hono<AppEnv>()
    .get("/site", (c) => c.json(toPublicSite(config.site)))
    .get("/openapi.json", async (c) => {
      // Anyone may read the API's description; only an admin who passed the second factor sees the back office's part.
      const session = await auth.api.getSession({ headers: c.req.raw.headers });
      const caller = session?.user as { role?: string | null; twoFactorEnabled?: boolean | null } | undefined;
      const admin = caller?.role === "admin" && caller.twoFactorEnabled === true;
      c.header("Vary", "Cookie");
      return c.json(admin ? openApi.admin : openApi.public);
    })
    .get("/plans", async (c) => c.json({ plans: await listActivePlans(database.db) }))
    .get("/public/stats", async (c) => c.json(await publicStats(database.db)))
    .get("/public/recent-deposits", async (c) => c.json({ deposits: await recentPublicDeposits(database.db, config.site.banks) }));
}
