import { listOf, onePage } from "#shared/schemas/paging.js";
import { planDto } from "#shared/schemas/plans.js";
import { publicDepositDto, publicSiteDto, publicStatsDto } from "#shared/schemas/public.js";
import type { AppDeps } from "../app-deps.js";
import { ApiRouter, type MountedOperation } from "../http/api-router.js";
import { openApiDocument } from "../http/openapi.js";
import { recentPublicDeposits } from "../services/deposits/recent-public-deposits.js";
import { listActivePlans } from "../services/plans/list-active-plans.js";
import { publicStats } from "../services/stats/public-stats.js";
import { toPublicSite } from "../site.js";

/**
 * What anyone may read: the site's settings, plans, live counts, recent deposits and the API's
 * description, built from every router's declared operations (`operations`, read when first asked).
 */
export function publicRoutes(deps: Pick<AppDeps, "auth" | "database" | "config">, operations: () => readonly MountedOperation[]) {
  const { config, database, auth } = deps;
  let documents: { public: unknown; admin: unknown } | undefined;
  const document = (audience: "public" | "admin") => {
    documents ??= { public: openApiDocument(config.publicUrl, operations(), "public"), admin: openApiDocument(config.publicUrl, operations(), "admin") };
    return documents[audience];
  };

  return new ApiRouter("/api", deps)
    .on({ method: "get", path: "/site", summary: "The operator's public settings", auth: "none", response: publicSiteDto }, (c) => c.json(toPublicSite(config.site)))
    .on({ method: "get", path: "/openapi.json", summary: "This document (the back office's part for admins only)", auth: "none" }, async (c) => {
      // Anyone may read the API's description; only an admin who passed the second factor sees the back office's part.
      const session = await auth.api.getSession({ headers: c.req.raw.headers });
      const caller = session?.user as { role?: string | null; twoFactorEnabled?: boolean | null } | undefined;
      const admin = caller?.role === "admin" && caller.twoFactorEnabled === true;
      c.header("Vary", "Cookie");
      return c.json(document(admin ? "admin" : "public"));
    })
    .on(
      { method: "get", path: "/plans", summary: "Active investment plans", auth: "none", response: listOf(planDto) },
      async (c) => c.json(onePage(await listActivePlans(database.db))),
    )
    .on({ method: "get", path: "/public/stats", summary: "Live counts shown on the marketing pages", auth: "none", response: publicStatsDto }, async (c) => c.json(await publicStats(database.db, config.site.publicStatsMin)))
    .on({ method: "get", path: "/public/recent-deposits", summary: "The latest (at most 10) confirmed deposits, masked", auth: "none", response: listOf(publicDepositDto) }, async (c) =>
      c.json(onePage(await recentPublicDeposits(database.db))),
    );
}
