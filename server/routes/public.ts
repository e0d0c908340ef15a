import { Hono } from "hono";
import type { AppDeps } from "../app.js";
import { openApiDocument } from "../http/openapi.js";
import { requireUser, type AppEnv } from "../http/session.js";
import { recentPublicDeposits } from "../services/deposits/recent-public-deposits.js";
import { listActivePlans } from "../services/plans/list-active-plans.js";
import { ensureReferralCode } from "../services/referrals/referral-code.js";
import { publicStats } from "../services/stats/public-stats.js";
import { toPublicSite } from "../site.js";

export function publicRoutes({ config, database, auth }: AppDeps) {
  const openApi = openApiDocument(config.publicUrl);
  return new Hono<AppEnv>()
    .get("/site", (c) => c.json(toPublicSite(config.site)))
    .get("/openapi.json", (c) => c.json(openApi))
    .get("/plans", async (c) => c.json({ plans: await listActivePlans(database.db) }))
    .get("/public/stats", async (c) => c.json(await publicStats(database.db)))
    .get("/public/recent-deposits", async (c) => c.json({ deposits: await recentPublicDeposits(database.db, config.site.banks) }))
    .get("/me/referral", requireUser(auth, database.db), async (c) => {
      const code = await ensureReferralCode(database.db, c.get("user").id);
      return c.json({ code, url: `${config.publicUrl}/signup?ref=${code}` });
    });
}
