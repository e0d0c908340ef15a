import { adminOverviewDto } from "#shared/schemas/admin-overview.js";
import type { AppDeps } from "../app-deps.js";
import { ApiRouter } from "../http/api-router.js";
import { readOverview } from "../services/admin-overview/read-overview.js";

/** The back office's first screen: queues, maturities, liabilities, flows, the ledger check and the last settlement run. */
export function adminOverviewRoutes(deps: Pick<AppDeps, "auth" | "database" | "config" | "clock">) {
  const { database, clock, config } = deps;
  return new ApiRouter("/api/admin/overview", deps).on(
    { method: "get", path: "/", summary: "The operator's overview: every figure from the database (the ledger check as the periodic job last stored it)", auth: "admin", response: adminOverviewDto },
    async (c) => c.json(await readOverview(database.db, clock.now(), config.payouts.approvalCents)),
  );
}
